import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_ERRORS, type AuthResult } from 'shared-contracts';
import { secondFactors, users } from '../db/schema';
import { totpCode, totpStepAt } from '../modules/second-factors/totp';
import { decryptSecret } from '../security/token-cipher';
import { build, errorOf, type TestContext } from '../test/build';
import { passwordStep, secondStep } from '../test/second-factors';
import { DEMO_TOTP_EMAILS, DEMO_TOTP_SECRET } from './demo-authenticator';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './users';

/**
 * The demo's authenticator: the demo ADMIN, MODERATOR and USER pass the second step with the code
 * of the secret the README prints (what `pnpm demo-code` computes), the secret is stored like any
 * enrolled one (encrypted), and a used code does not sign in again.
 */
let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.close();
});

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

describe('the demo authenticator', () => {
  it('is a factor of the demo ADMIN, MODERATOR and USER, its secret encrypted under MFA_SECRET_KEY; the GUEST has none', async () => {
    const rows = await t.database.db
      .select({ email: users.email, kind: secondFactors.kind, secret: secondFactors.totpSecret })
      .from(secondFactors)
      .innerJoin(users, eq(users.id, secondFactors.userId));
    expect(rows.map((row) => row.email).sort()).toEqual([...DEMO_TOTP_EMAILS].sort());
    expect(
      DEMO_ACCOUNTS.filter((a) => DEMO_TOTP_EMAILS.includes(a.email))
        .map((a) => a.role)
        .sort(),
    ).toEqual(['ADMIN', 'MODERATOR', 'USER']);
    for (const row of rows) {
      expect(row.kind).toBe('totp');
      // A copy of the database alone does not give the secret away: it is not stored in plain.
      expect(row.secret).not.toContain(DEMO_TOTP_SECRET);
      expect(decryptSecret(row.secret ?? '', t.config.mfaSecretKey)).toBe(DEMO_TOTP_SECRET);
      expect(decryptSecret(row.secret ?? '', Buffer.alloc(32, 7))).toBeNull();
    }
    const guest = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'guest@example.com', password: DEMO_PASSWORD },
    });
    expect(guest.json<{ data: object }>().data).toHaveProperty('tokens');
  });

  it('signs each of them in with the current code once; the same code again is refused as used', async () => {
    for (const email of DEMO_TOTP_EMAILS) {
      const code = totpCode(DEMO_TOTP_SECRET, totpStepAt(Date.now()));
      const passed = await secondStep(t, {
        method: 'totp',
        ticket: (await passwordStep(t, email)).ticket,
        code,
      });
      expect(passed.statusCode, passed.body).toBe(200);
      expect(passed.json<{ data: AuthResult }>().data.user.email).toBe(email);
      // Someone who read the code over the shoulder cannot sign in with it.
      const replay = await secondStep(t, {
        method: 'totp',
        ticket: (await passwordStep(t, email)).ticket,
        code,
      });
      expect(replay.statusCode).toBe(400);
      expect(errorOf(replay).fields?.['code']).toBe(SECOND_FACTOR_ERRORS.codeUsed);
    }
  });

  it('is printed by the README, with the command that prints its code', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toContain(DEMO_TOTP_SECRET);
    expect(readme).toContain('pnpm demo-code admin@example.com');
  });

  it('pnpm demo-code prints the current code of a demo account, and refuses another e-mail', async () => {
    const run = promisify(execFile);
    const cli = (email: string) =>
      run(process.execPath, ['--import', 'tsx', 'src/seed/demo-code-cli.ts', email], { cwd: API_DIR });
    const before = totpStepAt(Date.now());
    const { stdout } = await cli('Admin@Example.com');
    const after = totpStepAt(Date.now());
    const codes = [before, after].map((step) => totpCode(DEMO_TOTP_SECRET, step));
    expect(codes).toContain(stdout.trim());
    await expect(cli('guest@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('guest@example.com has no demo authenticator'),
    });
  });
});
