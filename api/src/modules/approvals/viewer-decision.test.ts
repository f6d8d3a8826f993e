/**
 * viewerDecision: each approval row (the list, 'Waiting for me', the single read) says whether the
 * person asking may decide (approve or reject) its current step, and if not why, in the endpoints'
 * own words; the endpoints still judge a client that ignores it. A two-step approval under the default policy
 * (from $10,000: the company's approver, any moderator or admin; then any admin), created by the
 * MODERATOR, read by each person the rules tell apart.
 */
import { APPROVAL_ERRORS, type Approval, type ApprovalSummary, type ViewerDecision } from 'shared-contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema';
import { build, demoPasswordHash, type TestContext } from '../../test/build';
import { secondAdmin } from '../../test/policies';
import { createApprovalInTransaction } from './approvals.service';

let t: TestContext;
const tokens = { admin: '', moderator: '', user: '', second: '', registered: '', registrar: '', linked: '' };
let approvalId = '';
const APPROVALS = '/api/bill-approval/approvals';
const STEP_ONE = "the company's approver, any moderator or admin";

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
const messageOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string } }).error.message;

/** The approval as `token`'s owner reads it: on the detail page, in the list and in their queue. */
async function seenBy(token: string) {
  const detail = await call('GET', `${APPROVALS}/${approvalId}`, token);
  expect(detail.statusCode, detail.body).toBe(200);
  const listed = await call('GET', `${APPROVALS}?search=${approvalId}`, token);
  expect(listed.statusCode, listed.body).toBe(200);
  const waiting = await call('GET', `${APPROVALS}?view=waiting&limit=100`, token);
  expect(waiting.statusCode, waiting.body).toBe(200);
  const row = listed.json<{ data: ApprovalSummary[] }>().data.find((a) => a.id === approvalId);
  return {
    detail: detail.json<{ data: Approval }>().data.viewerDecision,
    row: row?.viewerDecision,
    inQueue: waiting.json<{ data: ApprovalSummary[] }>().data.some((a) => a.id === approvalId),
  };
}

/** The same decision on the detail page and the list row, and in the queue exactly when it may. */
async function expectDecision(token: string, expected: ViewerDecision) {
  const seen = await seenBy(token);
  expect(seen.detail).toEqual(expected);
  expect(seen.row).toEqual(expected);
  expect(seen.inQueue).toBe(expected.may);
}

const refused = (reason: string): ViewerDecision => ({ may: false, reason });

beforeAll(async () => {
  t = await build();
  const admin = await t.login('admin@example.com');
  const moderator = await t.login('moderator@example.com');
  Object.assign(tokens, await t.demoTokens('user'));
  tokens.admin = admin.tokens.accessToken;
  tokens.moderator = moderator.tokens.accessToken;
  tokens.second = (await secondAdmin(t)).token;
  // An ADMIN the MODERATOR registered: one person with the approval's creator.
  await t.app.db.insert(users).values({
    email: 'registered.by.creator@example.com',
    passwordHash: await demoPasswordHash(),
    firstName: 'Reg',
    lastName: 'Istered',
    role: 'ADMIN',
    isActive: true,
    createdById: moderator.user.id,
  });
  tokens.registered = (await t.login('registered.by.creator@example.com')).tokens.accessToken;
  // An ADMIN who registered the MODERATOR, and one the ADMIN registered: each one person with them.
  const admins = async (email: string, createdById: number | null) => {
    const [row] = await t.app.db
      .insert(users)
      .values({
        email,
        passwordHash: await demoPasswordHash(),
        firstName: 'Linked',
        lastName: 'Admin',
        role: 'ADMIN',
        isActive: true,
        createdById,
      })
      .returning({ id: users.id });
    return { id: row!.id, token: (await t.login(email)).tokens.accessToken };
  };
  const registrar = await admins('registrar.of.creator@example.com', null);
  await t.app.db.update(users).set({ createdById: registrar.id }).where(eq(users.id, moderator.user.id));
  tokens.registrar = registrar.token;
  tokens.linked = (await admins('registered.by.first.approver@example.com', admin.user.id)).token;
  // A company of its own, with no approver and no policy: the default policy's two steps.
  const [company] = await t.app.db
    .insert(companies)
    .values({ name: 'Viewer Decision Co' })
    .returning({ id: companies.id });
  approvalId = await t.app.db.transaction((tx) =>
    createApprovalInTransaction(
      tx,
      { id: moderator.user.id, name: 'Mod Erator' },
      {
        companyId: company!.id,
        priority: 'HIGH',
        bills: [{ Id: '7701', TotalAmt: 12_000, DocNumber: 'VD-1', VendorRef: { value: '77', name: 'V77' } }],
        recipients: [],
      },
    ),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('viewerDecision', () => {
  it('step 1: the creator, an account they registered or that registered them and a USER the step does not name may not approve; an ADMIN may', async () => {
    await expectDecision(tokens.moderator, refused(APPROVAL_ERRORS.ownApproval));
    await expectDecision(tokens.registered, refused(APPROVAL_ERRORS.registeredByCreator));
    await expectDecision(tokens.registrar, refused(APPROVAL_ERRORS.creatorRegisteredByYou));
    await expectDecision(tokens.user, refused(`Step 1 of 2 waits for ${STEP_ONE}`));
    await expectDecision(tokens.admin, { may: true, reason: null });
  });

  it('the endpoint still refuses a client that ignores it, with the same words', async () => {
    const own = await call('PUT', `${APPROVALS}/${approvalId}/approve`, tokens.moderator, {});
    expect(own.statusCode).toBe(403);
    expect(messageOf(own)).toBe(APPROVAL_ERRORS.ownApproval);
    const registered = await call('PUT', `${APPROVALS}/${approvalId}/approve`, tokens.registered, {});
    expect(registered.statusCode).toBe(403);
    expect(messageOf(registered)).toBe(APPROVAL_ERRORS.registeredByCreator);
    const registrar = await call('PUT', `${APPROVALS}/${approvalId}/approve`, tokens.registrar, {});
    expect(registrar.statusCode).toBe(403);
    expect(messageOf(registrar)).toBe(APPROVAL_ERRORS.creatorRegisteredByYou);
  });

  it('step 2: who approved step 1, or an account they registered, may not approve (403 if they try); another ADMIN may', async () => {
    const first = await call('PUT', `${APPROVALS}/${approvalId}/approve`, tokens.admin, {});
    expect(first.statusCode, first.body).toBe(200);
    await expectDecision(tokens.admin, refused(APPROVAL_ERRORS.decidedEarlierStep));
    await expectDecision(tokens.user, refused('Step 2 of 2 waits for any admin'));
    await expectDecision(tokens.linked, refused(APPROVAL_ERRORS.linkedAccountDecided));
    const linked = await call('PUT', `${APPROVALS}/${approvalId}/approve`, tokens.linked, {});
    expect(linked.statusCode).toBe(403);
    expect(messageOf(linked)).toBe(APPROVAL_ERRORS.linkedAccountDecided);
    await expectDecision(tokens.second, { may: true, reason: null });

    const again = await call('PUT', `${APPROVALS}/${approvalId}/approve`, tokens.admin, {});
    expect(again.statusCode).toBe(403);
    expect(messageOf(again)).toBe(APPROVAL_ERRORS.decidedEarlierStep);
  });

  it('Reject is a decision too: whoever may not approve the open step may not reject it, one by one or in bulk', async () => {
    // The attack: one insider who decides payments stops a vendor's payment the policy never
    // asked them about (or one of their own requests, or one a linked account decided a step of).
    const attackers: Array<[string, string]> = [
      [tokens.moderator, APPROVAL_ERRORS.ownApproval],
      [tokens.registered, APPROVAL_ERRORS.registeredByCreator],
      [tokens.registrar, APPROVAL_ERRORS.creatorRegisteredByYou],
      [tokens.admin, APPROVAL_ERRORS.decidedEarlierStep],
      [tokens.linked, APPROVAL_ERRORS.linkedAccountDecided],
      [tokens.user, APPROVAL_ERRORS.notYourStep('any admin')],
    ];
    for (const [token, reason] of attackers) {
      const one = await call('PUT', `${APPROVALS}/${approvalId}/reject`, token, {
        rejectionReason: 'Not needed',
      });
      expect(one.statusCode, one.body).toBe(403);
      expect(messageOf(one)).toBe(reason);
      const bulk = await t.request({
        method: 'POST',
        url: `${APPROVALS}/bulk-reject`,
        token,
        payload: { ids: [approvalId], rejectionReason: 'Not needed' },
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(
        bulk.json<{ data: { succeeded: number; results: Array<{ error: string }> } }>().data,
      ).toMatchObject({
        succeeded: 0,
        results: [{ error: reason }],
      });
    }
    // Nothing was written: still pending at step 2, and the ADMIN the step waits for may decide it.
    await expectDecision(tokens.second, { may: true, reason: null });
  });

  it('once decided, nobody may', async () => {
    const rejected = await call('PUT', `${APPROVALS}/${approvalId}/reject`, tokens.second, {
      rejectionReason: 'Not ours to pay',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await expectDecision(tokens.second, refused(APPROVAL_ERRORS.notPending));
  });
});
