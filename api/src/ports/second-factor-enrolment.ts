/**
 * Whether a person must add a second factor before anything else, asked each time an access token
 * is issued (sign-in, refresh, step-up, a factor added). Second-factors answers it with the duty of
 * flows/second-factor-duty.ts; app.ts gives it to the app (AppDeps), so auth, which signs the
 * tokens, imports neither.
 */
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import type { EnrolmentReason } from '../security/access-tokens';

/** From `by` the person's tokens open only enrolment; null when they need not add a factor. */
export interface EnrolmentDue {
  by: Date;
  reason: EnrolmentReason;
}

export type EnrolmentDeadline = (db: Db, user: UserRow) => Promise<EnrolmentDue | null>;

/** What issuing access tokens needs beside AppDeps (a Fastify instance built by buildApp has it). */
export interface TokenIssuing {
  enrolmentDeadline: EnrolmentDeadline;
}
