/**
 * Two accounts where one registered the other are one person for every "different people" rule of
 * an approval's chain, tried as the insider would: a MODERATOR registers a USER, has an ADMIN let it
 * decide payments, and uses it as the second approver, or stands in for it.
 */
import { APPROVAL_ERRORS, type Approval, type PolicyDefinition } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema';
import { handBill } from '../../test/approval-fixtures';
import { build, demoPasswordHash, NEW_PASSWORD, type TestContext } from '../../test/build';
import { putPolicyInForce } from '../../test/policies';
import { giveAuthenticator } from '../../test/second-factors';

let t: TestContext;
const tokens = { admin: '', moderator: '' };
let moderatorId = 0;
let companyId = 0;
let puppet = { id: 0, token: '' };
/** Another ADMIN, a different person from everyone else here. */
let other = { id: 0, token: '' };
let billSeq = 8100;
const APPROVALS = '/api/bill-approval/approvals';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
const dataOf = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;
const messageOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string } }).error.message;

async function create(amount: number): Promise<Approval> {
  billSeq += 1;
  const response = await call('POST', APPROVALS, tokens.admin, {
    companyId,
    priority: 'HIGH',
    bills: [handBill('8001', amount, `OP-${billSeq}`)],
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Approval>(response);
}

const approve = (id: string, token: string) => call('PUT', `${APPROVALS}/${id}/approve`, token, {});

beforeAll(async () => {
  // The chain here asks for two people at every amount; the ADMIN step floor, which would ask for
  // an ADMIN-only step from $10,000, has its own tests (policy-two-person.test.ts); here it is
  // above the largest bill an approval may hold.
  t = await build({ config: { policyAdminStepFrom: 100_000_000 } });
  const admin = await t.login('admin@example.com');
  const moderator = await t.login('moderator@example.com');
  tokens.admin = admin.tokens.accessToken;
  tokens.moderator = moderator.tokens.accessToken;
  moderatorId = moderator.user.id;
  const [company] = await t.database.db
    .insert(companies)
    .values({ name: 'One Person Co' })
    .returning({ id: companies.id });
  companyId = company!.id;
  const settings = await call('PUT', `/api/company/companies/${companyId}/payment-settings`, tokens.admin, {
    odfiRoutingNumber: '121042882',
    odfiName: 'First Example Bank',
    companyIdentification: '1234567890',
    achCompanyName: 'One Person',
    originName: 'One Person LLC',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  // Entered by the ADMIN (who creates the approvals, so decides none), confirmed by the MODERATOR.
  const account = await call('POST', `/api/company/companies/${companyId}/vendor-accounts`, tokens.admin, {
    vendorRef: '8001',
    vendorName: 'Vendor 8001',
    routingNumber: '021000021',
    accountNumber: '80018001',
    accountType: 'checking',
  });
  expect(account.statusCode, account.body).toBe(201);
  const accountId = dataOf<{ id: number }>(account).id;
  expect(
    (
      await call(
        'PUT',
        `/api/company/companies/${companyId}/vendor-accounts/${accountId}/confirm`,
        tokens.moderator,
        {
          version: 1,
        },
      )
    ).statusCode,
  ).toBe(200);

  // The MODERATOR registers a second account; an ADMIN, unaware, lets it decide payments.
  const registered = await call('POST', '/api/auth/register', tokens.moderator, {
    email: 'second.account@example.com',
    password: NEW_PASSWORD,
    firstName: 'Sam',
    lastName: 'Second',
    role: 'USER',
  });
  expect(registered.statusCode, registered.body).toBe(201);
  // Each account decides payments, so has a second factor (large approvals ask for a fresh one).
  await giveAuthenticator(t, registered.json<{ data: { id: number } }>().data.id);
  const login = await t.login('second.account@example.com', NEW_PASSWORD);
  puppet = { id: login.user.id, token: login.tokens.accessToken };
  const granted = await call('PUT', `/api/user/users/${puppet.id}/payment-decisions`, tokens.admin, {
    allowed: true,
  });
  expect(granted.statusCode, granted.body).toBe(200);

  // Registered by nobody here (an account of long ago), so no registrar rule touches it.
  const [otherRow] = await t.database.db
    .insert(users)
    .values({
      email: 'other.admin@example.com',
      passwordHash: await demoPasswordHash(),
      firstName: 'Olga',
      lastName: 'Other',
      role: 'ADMIN',
    })
    .returning({ id: users.id });
  await giveAuthenticator(t, otherRow!.id);
  const otherLogin = await t.login('other.admin@example.com');
  other = { id: otherLogin.user.id, token: otherLogin.tokens.accessToken };

  // Two steps: 1) the MODERATOR or the other ADMIN, 2) the second account or any admin.
  const definition: PolicyDefinition = {
    rules: [
      {
        conditions: {},
        steps: [
          {
            mode: 'ANY',
            approvers: [
              { kind: 'user', userId: moderatorId },
              { kind: 'user', userId: other.id },
            ],
          },
          {
            mode: 'ANY',
            approvers: [
              { kind: 'user', userId: puppet.id },
              { kind: 'role', role: 'ADMIN' },
            ],
          },
        ],
      },
    ],
  };
  // Proposed by the ADMIN, confirmed by the other ADMIN: a policy change takes two people.
  const saved = await putPolicyInForce(t, companyId, { definition }, tokens.admin, other.token);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t?.close());

describe('two accounts of one person', () => {
  it('the account a MODERATOR registered is not the second approver after them, nor the other way round', async () => {
    const approval = await create(30_000);
    const first = await approve(approval.id, tokens.moderator);
    expect(first.statusCode, first.body).toBe(200);
    const second = await approve(approval.id, puppet.token);
    expect(second.statusCode).toBe(403);
    expect(messageOf(second)).toBe(APPROVAL_ERRORS.linkedAccountDecided);
    expect(await approvalStatus(approval.id)).toBe('PENDING');
    // Another person completes it.
    const last = await approve(approval.id, other.token);
    expect(last.statusCode, last.body).toBe(200);
    expect(await approvalStatus(approval.id)).not.toBe('PENDING');
  });

  it('the registrar does not decide a step by standing in for the account they registered', async () => {
    const approval = await create(31_000);
    // The second account goes "away" and names its registrar as delegate.
    const away = await call('PUT', `/api/user/users/${puppet.id}/out-of-office`, puppet.token, {
      awayFrom: new Date(Date.now() - 3_600_000).toISOString(),
      awayUntil: new Date(Date.now() + 86_400_000).toISOString(),
      delegateId: moderatorId,
    });
    expect(away.statusCode, away.body).toBe(200);
    try {
      const first = await approve(approval.id, other.token);
      expect(first.statusCode, first.body).toBe(200);
      // Step 2 names the second account: its registrar may not decide it on its behalf.
      const standIn = await approve(approval.id, tokens.moderator);
      expect(standIn.statusCode).toBe(403);
      expect(messageOf(standIn)).toBe(APPROVAL_ERRORS.notYourStep('Sam Second or any admin'));
      expect(await approvalStatus(approval.id)).toBe('PENDING');
    } finally {
      await call('PUT', `/api/user/users/${puppet.id}/out-of-office`, tokens.admin, {
        awayFrom: null,
        awayUntil: null,
        delegateId: null,
      });
    }
  });
});

async function approvalStatus(id: string): Promise<string> {
  return dataOf<Approval>(await call('GET', `${APPROVALS}/${id}`, tokens.admin)).status;
}
