/**
 * Signing in with a password, and a second step for those who have a second factor: auth checks
 * the password and starts sessions; second-factors (which builds on auth) says whether a second
 * step comes first and hands out its ticket. The login route calls this, so auth never imports
 * second-factors.
 */
import type { LoginInput, LoginAnswer } from 'shared-contracts';
import type { AppDeps } from '../app-deps';
import type { TokenIssuing } from '../ports/second-factor-enrolment';
import { login as passwordSignIn } from '../modules/auth/auth.service';
import { secondStepFor } from '../modules/second-factors/second-step.service';

/** POST /api/auth/login: signed in, or the second step to pass first. */
export function login(
  deps: AppDeps & TokenIssuing,
  input: LoginInput,
  ip: string,
  userAgent?: string,
): Promise<LoginAnswer> {
  return passwordSignIn(deps, input, ip, userAgent, (tx, user) => secondStepFor(deps, tx, user));
}
