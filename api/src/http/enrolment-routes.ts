import type { RouteKey } from './access-table';

/**
 * What a signed-in person who must add a second factor first may still call: their own user, their
 * sessions (a lost device's session can be ended) and the Security page's enrolment. Every other
 * route that needs a sign-in answers 403 MFA_ENROLMENT_REQUIRED until they add one (plugins/auth.ts
 * reads this set; public routes — sign-in, its second step, refresh, sign-out — need no token).
 * `src/second-factor-enrolment.test.ts` calls every other signed-in route of ACCESS_TABLE as such a
 * person, so a new route is refused unless it is named here.
 */
export const ENROLMENT_ROUTES: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'GET /api/auth/me',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/:id',
  'POST /api/auth/sessions/sign-out-others',
  'GET /api/user/security',
  'POST /api/user/security/totp',
  'POST /api/user/security/totp/confirm',
  'POST /api/user/security/passkeys/options',
  'POST /api/user/security/passkeys',
]);

const OPEN = new Set<string>(ENROLMENT_ROUTES);

/** Whether `method` on the route declared as `url` is one of ENROLMENT_ROUTES (HEAD as its GET). */
export function openWhileEnrolling(method: string, url: string | undefined): boolean {
  return url !== undefined && OPEN.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}
