/**
 * The demo's authenticator app: one secret (base32, as any authenticator app adds it) for the demo
 * ADMIN, MODERATOR and USER, published in the README and read by `pnpm demo-code`, so the demo shows
 * the second step of sign-in and a newcomer still gets through it in seconds. The demo USER has it
 * too because approving large bills asks for a fresh second factor; the GUEST has none (read-only,
 * and the way an account without a factor signs in stays visible).
 *
 * Kept free of imports: the e2e suite and `pnpm demo-code` read it without a database.
 */
export const DEMO_TOTP_SECRET = 'VPYIKAIQO57WTFRDEZFVVO7WTEN5CJBG';

/** The demo accounts seeded with the authenticator above. */
export const DEMO_TOTP_EMAILS: readonly string[] = [
  'admin@example.com',
  'moderator@example.com',
  'user@example.com',
];

/** The name of the seeded factor on the Security page. */
export const DEMO_TOTP_NAME = 'Demo authenticator';

/** Whether `email` is a demo account with the demo authenticator. */
export const hasDemoAuthenticator = (email: string): boolean =>
  DEMO_TOTP_EMAILS.includes(email.trim().toLowerCase());
