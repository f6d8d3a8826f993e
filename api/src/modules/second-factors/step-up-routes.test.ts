/**
 * The step-up on the routes that change where money goes or who may add a way in, tried as the
 * attacker would: a session whose person last gave a factor long ago (left open, or its token
 * lifted) changes a company's payment settings or adds an authenticator of its own. Refused with
 * 403 STEP_UP_REQUIRED and nothing changed; the same request passes after POST /api/auth/step-up.
 * (The access matrix checks every step-up route's 403; these check what passes after it.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type AuthResult, type PaymentSettings } from 'shared-contracts';
import { companies, users } from '../../db/schema';
import { build, demoPasswordHash, errorOf, type TestContext } from '../../test/build';
import {
  codeAt,
  enrolTotp,
  passwordStep,
  secondStep,
  sessionWithFactorAge,
  stepUpWithCode,
} from '../../test/second-factors';

let t: TestContext;
const STEP = 30_000;
let clock = Math.floor(Date.now() / STEP) * STEP + 15_000;
const EMAIL = 'stale.moderator@example.com';
let secret = '';
let recoveryCodes: string[] = [];
let stale: AuthResult['tokens'];
let companyId = 0;

/** A step-up with the app's code two steps on (a used step is refused): the fresh access token. */
function stepUp(token: string): Promise<string> {
  clock += 2 * STEP;
  return stepUpWithCode(t, token, codeAt(secret, clock));
}

beforeAll(async () => {
  t = await build({ app: { now: () => new Date(clock) } });
  await t.database.db.insert(users).values({
    email: EMAIL,
    passwordHash: await demoPasswordHash(),
    firstName: 'Stella',
    lastName: 'Stale',
    role: 'MODERATOR',
  });
  const enrolled = await enrolTotp(t, EMAIL, clock);
  secret = enrolled.secret;
  recoveryCodes = enrolled.added.recoveryCodes ?? [];
  stale = await sessionWithFactorAge(t, t.config.stepUpMinutes + 1, async () => ({
    accessToken: enrolled.accessToken,
    refreshToken: enrolled.refreshToken,
  }));
  const [company] = await t.database.db
    .insert(companies)
    .values({ name: 'Stale Session Ltd' })
    .returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('a session whose factor is older than STEP_UP_MINUTES', () => {
  it("cannot change a company's payment settings until it steps up", async () => {
    const settings = {
      odfiRoutingNumber: '121042882',
      odfiName: 'First Example Bank',
      companyIdentification: '1234567890',
      achCompanyName: 'Stale Session',
      originName: 'Stale Session Ltd',
    };
    const url = `/api/company/companies/${companyId}/payment-settings`;
    const put = (token: string) => t.request({ method: 'PUT', url, token, payload: settings });
    const refused = await put(stale.accessToken);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused).code).toBe(ERROR_CODES.stepUpRequired);
    const before = await t.request({ method: 'GET', url, token: stale.accessToken });
    expect(before.json<{ data: PaymentSettings | null }>().data).toBeNull();

    const saved = await put(await stepUp(stale.accessToken));
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('cannot start adding a second authenticator beside its factor until it steps up', async () => {
    const start = (token: string) => t.request({ method: 'POST', url: '/api/user/security/totp', token });
    const refused = await start(stale.accessToken);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused).code).toBe(ERROR_CODES.stepUpRequired);
    expect((await start(await stepUp(stale.accessToken))).statusCode).toBe(200);
  });

  it('a person with no factor yet adds their first without one', async () => {
    await t.database.db.insert(users).values({
      email: 'first.factor@example.com',
      passwordHash: await demoPasswordHash(),
      firstName: 'Fay',
      lastName: 'First',
      role: 'USER',
    });
    const { tokens } = await t.login('first.factor@example.com');
    const started = await t.request({
      method: 'POST',
      url: '/api/user/security/totp',
      token: tokens.accessToken,
    });
    expect(started.statusCode, started.body).toBe(200);
  });

  it('after a recovery-code sign-in (a lost device), adding a new factor asks nothing, even past the window', async () => {
    const { ticket } = await passwordStep(t, EMAIL);
    const recovered = await secondStep(t, { method: 'recovery', ticket, code: recoveryCodes[0] });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const { tokens } = recovered.json<{ data: AuthResult }>().data;
    // The old authenticator is the lost one: step-up takes no recovery code, so asking would lock them out.
    const aged = await sessionWithFactorAge(t, t.config.stepUpMinutes + 1, async () => tokens);
    const started = await t.request({
      method: 'POST',
      url: '/api/user/security/totp',
      token: aged.accessToken,
    });
    expect(started.statusCode, started.body).toBe(200);
  });
});
