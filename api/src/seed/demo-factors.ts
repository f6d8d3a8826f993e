/** Seeding the demo authenticator (demo-authenticator.ts) onto the accounts it is meant for. */
import type { Db } from '../db/client';
import { secondFactors, type UserRow } from '../db/schema';
import { encryptSecret } from '../security/token-cipher';
import { DEMO_TOTP_EMAILS, DEMO_TOTP_NAME, DEMO_TOTP_SECRET } from './demo-authenticator';
import { DAY, type SeedContext } from './random';

/**
 * The demo authenticator (seed/demo-authenticator.ts) as a factor of each account it is meant for,
 * its secret encrypted under MFA_SECRET_KEY as an enrolment stores one; no step used yet, so the
 * first code from `pnpm demo-code` signs in. No recovery codes: the Security page offers them.
 */
export async function seedDemoFactors(
  tx: Db,
  userRows: ReadonlyArray<Pick<UserRow, 'id' | 'email'>>,
  mfaSecretKey: Buffer,
  { ago }: SeedContext,
): Promise<void> {
  const holders = userRows.filter((user) => DEMO_TOTP_EMAILS.includes(user.email));
  if (holders.length === 0) return;
  await tx.insert(secondFactors).values(
    holders.map((user) => ({
      userId: user.id,
      kind: 'totp' as const,
      name: DEMO_TOTP_NAME,
      totpSecret: encryptSecret(DEMO_TOTP_SECRET, mfaSecretKey),
      createdAt: ago(30 * DAY),
    })),
  );
}
