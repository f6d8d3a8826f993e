/**
 * `pnpm demo-code <email>`: the 6-digit code the demo authenticator (seed/demo-authenticator.ts)
 * shows now for a demo account, for the second step of the demo's sign-in. Computed from the
 * published secret and the clock alone: no database, no running API.
 */
import { TOTP_PERIOD_SECONDS } from 'shared-contracts';
import { totpCode, totpStepAt } from '../modules/second-factors/totp';
import { DEMO_TOTP_EMAILS, DEMO_TOTP_SECRET, hasDemoAuthenticator } from './demo-authenticator';

const email = process.argv.slice(2).find((arg) => arg !== '--') ?? '';
if (!hasDemoAuthenticator(email)) {
  console.error(
    email
      ? `${email} has no demo authenticator. Demo accounts with one: ${DEMO_TOTP_EMAILS.join(', ')} (guest@example.com signs in with the password alone).`
      : `Usage: pnpm demo-code <email>, e.g. pnpm demo-code ${DEMO_TOTP_EMAILS[0]}`,
  );
  process.exit(1);
}
const now = Date.now();
const left = TOTP_PERIOD_SECONDS - (Math.floor(now / 1000) % TOTP_PERIOD_SECONDS);
console.info(totpCode(DEMO_TOTP_SECRET, totpStepAt(now)));
// On stderr, so `$(pnpm demo-code …)` holds the code alone.
console.error(`Valid for another ${left} s; a code signs in once, so a second sign-in takes the next one.`);
