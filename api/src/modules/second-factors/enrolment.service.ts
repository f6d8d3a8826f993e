/**
 * Who must add a second factor before anything else, and from when: asked whenever an access
 * token is issued (AppDeps.enrolmentDeadline, made by app.ts from `enrolmentDeadline` and the duty
 * of flows/second-factor-duty.ts), carried in the token, and enforced by plugins/auth.ts.
 *
 * - Someone who must have a factor (their role, or a part in deciding payments) and has none: from
 *   the end of their grace (graceEnd), at once when there is none.
 * - Someone whose last proof was a recovery code (spent after every factor of theirs was added or
 *   last used: the device is likely lost): at once, whatever their role, until they add a factor
 *   or use one of theirs again.
 * USER and GUEST accounts that decide nothing may add factors, and are never made to.
 */
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { SecondFactorDuty } from '../../ports/second-factor-duty';
import type { EnrolmentDue } from '../../ports/second-factor-enrolment';
import { lastRecoveryCodeUse, listFactors, type SecondFactorRow } from './factors.repository';

const DAY_MS = 86_400_000;

/**
 * Until when a person who must have a factor may go without one: the week given to the accounts
 * that existed when second factors came (users.mfa_grace_until), else MFA_GRACE_DAYS from the
 * account's creation; null when there is no grace at all. May be past.
 */
export function graceEnd(config: Pick<AppDeps['config'], 'mfaGraceDays'>, user: UserRow): Date | null {
  if (user.mfaGraceUntil) return user.mfaGraceUntil;
  const days = config.mfaGraceDays;
  return days > 0 ? new Date(user.createdAt.getTime() + days * DAY_MS) : null;
}

export async function enrolmentDeadline(
  deps: Pick<AppDeps, 'config'>,
  db: Db,
  user: UserRow,
  duty: SecondFactorDuty,
): Promise<EnrolmentDue | null> {
  const factors = await listFactors(db, user.id);
  if (factors.length === 0) {
    if (!(await duty(db, user))) return null;
    return { by: graceEnd(deps.config, user) ?? new Date(0), reason: 'duty' };
  }
  const recovered = await recoveredWithoutFactor(db, user.id, factors);
  return recovered ? { by: recovered, reason: 'recovery' } : null;
}

/**
 * When the person's last proof was a recovery code spent after every factor of theirs was added or
 * last used (the device is likely lost), else null.
 */
export async function recoveredWithoutFactor(
  db: Db,
  userId: number,
  factors: readonly Pick<SecondFactorRow, 'createdAt' | 'lastUsedAt'>[],
): Promise<Date | null> {
  if (factors.length === 0) return null;
  const recovered = await lastRecoveryCodeUse(db, userId);
  if (!recovered) return null;
  const vouched = factors.some(
    (factor) =>
      factor.createdAt.getTime() >= recovered.getTime() ||
      (factor.lastUsedAt !== null && factor.lastUsedAt.getTime() >= recovered.getTime()),
  );
  return vouched ? null : recovered;
}
