/**
 * Approving STEP_UP_AMOUNT or more needs a second factor given in the last STEP_UP_MINUTES. The
 * attack: a session left open (or a token lifted from one) long after its person last gave a
 * factor approves a large payment. Splitting the approval, or burying it in a bulk approval, is no
 * way round; a smaller approval is decided without asking.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  SECOND_FACTOR_ERRORS,
  type Approval,
  type AuthResult,
  type Bill,
  type BulkOutcome,
} from 'shared-contracts';
import { companies, users } from '../../db/schema';
import { importedApproval } from '../../test/approval-fixtures';
import { build, demoPasswordHash, errorOf, type TestContext } from '../../test/build';
import { codeAt, enrolTotp, sessionWithFactorAge, stepUpWithCode } from '../../test/second-factors';

let t: TestContext;
const STEP = 30_000;
let clock = Math.floor(Date.now() / STEP) * STEP + 15_000;
let companyId = 0;
let secret = '';
/** The approver's session, its factor older than STEP_UP_MINUTES. */
let stale: AuthResult['tokens'];
const APPROVER = 'large.approver@example.com';
const APPROVALS = '/api/bill-approval/approvals';

let billSeq = 0;
const bill = (amount: number): Bill => {
  billSeq += 1;
  const id = String(7_700_000 + billSeq);
  return {
    Id: id,
    TotalAmt: amount,
    DocNumber: `SU-${id}`,
    DueDate: '2026-12-31',
    VendorRef: { name: `Vendor ${id}`, value: id },
    Line: [{ Id: '1', Description: 'Services', Amount: amount }],
  };
};

/** A PENDING approval of bills of these amounts, imported from QuickBooks (nobody here created it). */
const pending = (...amounts: number[]): Promise<Approval> =>
  importedApproval(t.database.db, { companyId, bills: amounts.map(bill) });

const approve = (id: string, token: string) =>
  t.request({ method: 'PUT', url: `${APPROVALS}/${id}/approve`, token, payload: {} });

const statusOf = async (id: string) => {
  const response = await t.request({ method: 'GET', url: `${APPROVALS}/${id}`, token: stale.accessToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Approval }>().data.status;
};

/** A step-up with the app's code two steps on (a used step is refused): the fresh access token. */
function stepUp(token: string): Promise<string> {
  clock += 2 * STEP;
  return stepUpWithCode(t, token, codeAt(secret, clock));
}

beforeAll(async () => {
  t = await build({ app: { now: () => new Date(clock) } });
  const [approver] = await t.database.db
    .insert(users)
    .values({
      email: APPROVER,
      passwordHash: await demoPasswordHash(),
      firstName: 'Lena',
      lastName: 'Large',
      role: 'USER',
      mayDecidePayments: true,
    })
    .returning({ id: users.id });
  // The company's approver: the one step of a company without a policy of its own.
  const [company] = await t.database.db
    .insert(companies)
    .values({ name: 'Step-up Holdings', approverId: approver!.id })
    .returning({ id: companies.id });
  companyId = company!.id;
  const enrolled = await enrolTotp(t, APPROVER, clock);
  secret = enrolled.secret;
  stale = await sessionWithFactorAge(t, t.config.stepUpMinutes + 1, async () => ({
    accessToken: enrolled.accessToken,
    refreshToken: enrolled.refreshToken,
  }));
});
afterAll(async () => {
  await t?.close();
});

describe('approving from STEP_UP_AMOUNT', () => {
  it('is refused with STEP_UP_REQUIRED on a stale session, decided after a step-up', async () => {
    const large = await pending(t.config.stepUpAmount);
    const refused = await approve(large.id, stale.accessToken);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: ERROR_CODES.stepUpRequired,
      message: SECOND_FACTOR_ERRORS.stepUpRequired,
    });
    expect(await statusOf(large.id)).toBe('PENDING');

    const fresh = await stepUp(stale.accessToken);
    const approved = await approve(large.id, fresh);
    expect(approved.statusCode, approved.body).toBe(200);
    // The default policy's second step (from $10,000) is next: the person's step is decided.
    expect(approved.json<{ data: { currentStep: number } }>().data.currentStep).toBe(2);
  });

  it('a cent below it is decided without asking', async () => {
    const small = await pending(t.config.stepUpAmount - 0.01);
    const approved = await approve(small.id, stale.accessToken);
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('counts the whole approval: bills each below it still ask when together they reach it', async () => {
    const split = await pending(t.config.stepUpAmount - 100, 100);
    const refused = await approve(split.id, stale.accessToken);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused).code).toBe(ERROR_CODES.stepUpRequired);
    expect(await statusOf(split.id)).toBe('PENDING');
  });

  it('a bulk approval holding one large approval is refused whole, before deciding any; one step-up decides all', async () => {
    const small = await pending(120);
    const large = await pending(t.config.stepUpAmount + 5_000);
    const bulk = (token: string) =>
      t.request({
        method: 'POST',
        url: `${APPROVALS}/bulk-approve`,
        token,
        payload: { ids: [small.id, large.id] },
      });
    const refused = await bulk(stale.accessToken);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused).code).toBe(ERROR_CODES.stepUpRequired);
    expect(await statusOf(small.id)).toBe('PENDING');
    expect(await statusOf(large.id)).toBe('PENDING');

    const decided = await bulk(await stepUp(stale.accessToken));
    expect(decided.statusCode, decided.body).toBe(200);
    const outcome = decided.json<{ data: BulkOutcome }>().data;
    expect(outcome.results.map((result) => result.success)).toEqual([true, true]);
  });

  it('a person with no second factor at all is told to add one, and the approval stays PENDING', async () => {
    const [person] = await t.database.db
      .insert(users)
      .values({
        email: 'no.factor@example.com',
        passwordHash: await demoPasswordHash(),
        firstName: 'Nora',
        lastName: 'None',
        role: 'USER',
        mayDecidePayments: true,
      })
      .returning({ id: users.id });
    await t.database.db.update(companies).set({ approverId: person!.id }).where(eq(companies.id, companyId));
    const { tokens } = await t.login('no.factor@example.com');
    const large = await pending(t.config.stepUpAmount * 2);
    const refused = await approve(large.id, tokens.accessToken);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: ERROR_CODES.stepUpRequired,
      message: SECOND_FACTOR_ERRORS.noFactor,
    });
    expect(await statusOf(large.id)).toBe('PENDING');
  });
});
