/**
 * Changing an approval policy takes two people, tried as the insider would: a MODERATOR saves a
 * policy that leaves a $48,500 bill to them alone. Such a policy is refused (nobody approves a bill
 * alone by name, linked accounts and delegates included; from the ADMIN step floor a step only an
 * ADMIN can approve), and any saved policy waits, not followed, until an ADMIN other than its
 * author (and not one person with them) confirms it; the author or an ADMIN may discard it.
 */
import { and, eq } from 'drizzle-orm';
import {
  ADMIN_STEP_MESSAGES,
  AUTH_ERRORS,
  POLICY_CHANGE_MESSAGES,
  type Approval,
  type ApprovalPolicy,
  type PolicyDefinition,
  type PolicyStep,
} from 'shared-contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, approvalPolicies, companies, liveEvents, users } from '../../db/schema';
import { build, NEW_PASSWORD, type TestContext } from '../../test/build';
import { secondAdmin } from '../../test/policies';
import { QUICKBOOKS_IMPORTER, createApprovalInTransaction } from './approvals.service';
import { giveAuthenticator } from '../../test/second-factors';

let t: TestContext;
const tokens = { admin: '', moderator: '', user: '' };
const ids = { admin: 0, moderator: 0, user: 0 };
let second = { id: 0, token: '' };
let companyId = 0;
let billSeq = 9_400_000;
const APPROVALS = '/api/bill-approval/approvals';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
const dataOf = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;
const messageOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string } }).error.message;
const policyPath = () => `/api/company/companies/${companyId}/approval-policy`;
const propose = (definition: PolicyDefinition, token = tokens.moderator) =>
  call('PUT', policyPath(), token, { definition });
const confirm = (changeId: number, token: string) =>
  call('PUT', `${policyPath()}/pending/confirm`, token, { changeId });
const discard = (changeId: number, token: string) =>
  call('PUT', `${policyPath()}/pending/discard`, token, { changeId });
const policyNow = async () => dataOf<ApprovalPolicy>(await call('GET', policyPath(), tokens.user));

const anyOf = (...approvers: PolicyStep['approvers']): PolicyStep => ({ mode: 'ANY', approvers });
const allOf = (...approvers: PolicyStep['approvers']): PolicyStep => ({ mode: 'ALL', approvers });
const person = (userId: number) => ({ kind: 'user' as const, userId });
const ADMIN = { kind: 'role' as const, role: 'ADMIN' as const };
const MODERATOR = { kind: 'role' as const, role: 'MODERATOR' as const };
const APPROVER = { kind: 'assignee' as const, assignee: 'approver' as const };

/** From $10,000 the company's approver then any admin; below it the given steps. */
const belowFloor = (...steps: PolicyStep[]): PolicyDefinition => ({
  rules: [
    { conditions: { minAmount: 10_000 }, steps: [anyOf(APPROVER), anyOf(ADMIN)] },
    { conditions: {}, steps },
  ],
});
/** A policy every check accepts: from $5,000 two steps, below it the company's approver or any moderator. */
const SOUND: PolicyDefinition = {
  rules: [
    { conditions: { minAmount: 5_000 }, steps: [anyOf(APPROVER), anyOf(ADMIN)] },
    { conditions: {}, steps: [anyOf(APPROVER, MODERATOR)] },
  ],
};

/**
 * An approval as the QuickBooks import creates it (no person created it, so the creator rule
 * leaves the policy as the only control: the probe's case).
 */
async function create(amount: number): Promise<Approval> {
  billSeq += 1;
  const id = await t.app.db.transaction((tx) =>
    createApprovalInTransaction(
      tx,
      QUICKBOOKS_IMPORTER,
      {
        companyId,
        priority: 'HIGH',
        bills: [
          {
            Id: String(billSeq),
            TotalAmt: amount,
            DocNumber: `TP-${billSeq}`,
            VendorRef: { value: '9401', name: 'Vendor 9401' },
          },
        ],
        recipients: [],
      },
      'QUICKBOOKS',
      new Date(),
    ),
  );
  const response = await call('GET', `${APPROVALS}/${id}`, tokens.admin);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Approval>(response);
}

/** An account `token`'s owner registers: one person with them. */
async function register(token: string, email: string, role: 'USER' | 'MODERATOR' | 'ADMIN') {
  const response = await call('POST', '/api/auth/register', token, {
    email,
    password: NEW_PASSWORD,
    firstName: 'Linked',
    lastName: role === 'ADMIN' ? 'Admin' : 'Account',
    role,
  });
  expect(response.statusCode, response.body).toBe(201);
  // Confirming what moves money needs a fresh second factor: the account has one, as it must.
  await giveAuthenticator(t, response.json<{ data: { id: number } }>().data.id);
  const login = await t.login(email, NEW_PASSWORD);
  return { id: login.user.id, token: login.tokens.accessToken };
}

const policyActivity = async () =>
  t.app.db
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.action, 'company.approval_policy'),
        eq(activity.entityType, 'company'),
        eq(activity.entityId, String(companyId)),
      ),
    )
    .orderBy(activity.id);

beforeAll(async () => {
  t = await build();
  for (const role of ['admin', 'moderator', 'user'] as const) {
    const login = await t.login(`${role}@example.com`);
    tokens[role] = login.tokens.accessToken;
    ids[role] = login.user.id;
  }
  second = await secondAdmin(t);
  const [company] = await t.app.db
    .insert(companies)
    .values({ name: 'Two Person Policy Co', approverId: ids.user })
    .returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(() => t.close());

// Each test starts with no change waiting.
beforeEach(async () => {
  const pending = (await policyNow()).pending;
  if (pending) expect((await discard(pending.id, tokens.admin)).statusCode).toBe(200);
});

describe('the probe: a MODERATOR gives a $48,500 bill to themselves', () => {
  it('is refused: they would approve alone, and no step only an ADMIN can approve from $10,000', async () => {
    const response = await propose({ rules: [{ conditions: {}, steps: [anyOf(person(ids.moderator))] }] });
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toContain(POLICY_CHANGE_MESSAGES.aloneCanApprove(1, 'you'));
    expect(messageOf(response)).toContain(ADMIN_STEP_MESSAGES.missing(1, 10_000));
    const policy = await policyNow();
    expect(policy).toMatchObject({ version: 0, pending: null });
    // The $48,500 bill still waits for a second step by an ADMIN.
    const approval = await create(48_500);
    expect(approval).toMatchObject({ policyVersion: 0, stepCount: 2 });
  });
});

describe('a saved policy waits for a second person', () => {
  it('the company keeps its policy until an ADMIN other than the author confirms; both are on record', async () => {
    const proposed = await propose(SOUND);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const answer = dataOf<ApprovalPolicy>(proposed);
    expect(answer.version).toBe(0);
    expect(answer.pending).toMatchObject({
      baseVersion: 0,
      proposedById: ids.moderator,
      proposedBy: 'Morgan Moderator',
      summary: [
        "Bills from $5,000: 1) the company's approver, then 2) any admin",
        "Every other bill: 1) the company's approver or any moderator",
      ],
    });
    expect(answer.pending!.changes).toContain(
      "New: Bills from $5,000: 1) the company's approver, then 2) any admin",
    );
    // New approvals follow the policy in force, not the one waiting: $6,000 is one step by default.
    const before = await create(6_000);
    expect(before).toMatchObject({ policyVersion: 0, stepCount: 1 });

    // The author may not confirm: a MODERATOR is not an ADMIN at all.
    const byModerator = await confirm(answer.pending!.id, tokens.moderator);
    expect(byModerator.statusCode).toBe(403);
    expect(messageOf(byModerator)).toBe(AUTH_ERRORS.forbidden);
    // A reference to another change is refused, and a confirmation without one is 400.
    expect((await confirm(answer.pending!.id + 1000, tokens.admin)).statusCode).toBe(409);
    expect((await call('PUT', `${policyPath()}/pending/confirm`, tokens.admin, {})).statusCode).toBe(400);

    const confirmed = await confirm(answer.pending!.id, tokens.admin);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(dataOf<ApprovalPolicy>(confirmed)).toMatchObject({
      version: 1,
      createdBy: 'Morgan Moderator',
      confirmedBy: 'Ada Admin',
      pending: null,
    });
    const [row] = await t.app.db
      .select()
      .from(approvalPolicies)
      .where(and(eq(approvalPolicies.companyId, companyId), eq(approvalPolicies.version, 1)));
    expect(row).toMatchObject({ createdById: ids.moderator, confirmedById: ids.admin });
    // In force now for new approvals; the one in flight keeps the version it started with.
    expect(await create(6_000)).toMatchObject({ policyVersion: 1, stepCount: 2 });
    const inFlight = dataOf<Approval>(await call('GET', `${APPROVALS}/${before.id}`, tokens.admin));
    expect(inFlight).toMatchObject({ policyVersion: 0, stepCount: 1 });

    const rows = await policyActivity();
    const last = rows[rows.length - 1]!;
    expect(last.userId).toBe(ids.admin);
    expect(last.description).toMatch(
      /^Ada Admin confirmed approval policy version 1, proposed by Morgan Moderator/,
    );
    expect(last.details).toMatchObject({
      after: { version: 1, proposedById: ids.moderator, confirmedById: ids.admin },
    });
    expect(rows[rows.length - 2]!.description).toMatch(
      /^Morgan Moderator proposed a change of the approval policy/,
    );
  });

  it('an ADMIN author may not confirm their own change, nor may an ADMIN account one person with them', async () => {
    const proposed = dataOf<ApprovalPolicy>(await propose(SOUND, tokens.admin)).pending!;
    const own = await confirm(proposed.id, tokens.admin);
    expect(own.statusCode).toBe(403);
    expect(messageOf(own)).toBe(POLICY_CHANGE_MESSAGES.ownChange);
    // An ADMIN account the author registered is the author again.
    const alias = await register(tokens.admin, 'alias.admin.policy@example.com', 'ADMIN');
    const linked = await confirm(proposed.id, alias.token);
    expect(linked.statusCode).toBe(403);
    expect(messageOf(linked)).toBe(POLICY_CHANGE_MESSAGES.linkedToAuthor('Ada Admin'));
    expect(await policyNow()).toMatchObject({ version: 1, pending: { id: proposed.id } });
    const byOther = await confirm(proposed.id, second.token);
    expect(byOther.statusCode, byOther.body).toBe(200);
    expect(dataOf<ApprovalPolicy>(byOther)).toMatchObject({
      version: 2,
      createdBy: 'Ada Admin',
      confirmedBy: 'Sid Second',
    });
  });

  it('saving again replaces the change waiting: a confirmation of the replaced one is 409', async () => {
    const first = dataOf<ApprovalPolicy>(await propose(SOUND)).pending!;
    const next = await propose(belowFloor(anyOf(APPROVER, MODERATOR, ADMIN)), tokens.admin);
    expect(next.statusCode, next.body).toBe(200);
    const replacement = dataOf<ApprovalPolicy>(next).pending!;
    expect(replacement.id).not.toBe(first.id);
    expect(replacement.proposedBy).toBe('Ada Admin');
    // The ADMIN who reviewed the first change does not confirm the replacement unseen.
    const stale = await confirm(first.id, second.token);
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(POLICY_CHANGE_MESSAGES.replaced);
    // Its author is the ADMIN who replaced it now: they may not confirm it themselves.
    expect(messageOf(await confirm(replacement.id, tokens.admin))).toBe(POLICY_CHANGE_MESSAGES.ownChange);
    const version = (await policyNow()).version;
    const confirmed = await confirm(replacement.id, second.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(dataOf<ApprovalPolicy>(confirmed).version).toBe(version + 1);
  });

  it('the author or an ADMIN discards a change; another MODERATOR may not', async () => {
    const other = await register(tokens.admin, 'other.moderator.policy@example.com', 'MODERATOR');
    const version = (await policyNow()).version;
    const mine = dataOf<ApprovalPolicy>(await propose(SOUND)).pending!;
    const notTheirs = await discard(mine.id, other.token);
    expect(notTheirs.statusCode).toBe(403);
    expect(messageOf(notTheirs)).toBe(POLICY_CHANGE_MESSAGES.notYours);
    const byAuthor = await discard(mine.id, tokens.moderator);
    expect(byAuthor.statusCode, byAuthor.body).toBe(200);
    expect(dataOf<ApprovalPolicy>(byAuthor)).toMatchObject({ version, pending: null });
    expect((await confirm(mine.id, tokens.admin)).statusCode).toBe(404);

    const again = dataOf<ApprovalPolicy>(await propose(SOUND)).pending!;
    const byAdmin = await discard(again.id, tokens.admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await policyNow()).pending).toBeNull();
    const rows = await policyActivity();
    expect(rows[rows.length - 1]!.description).toBe(
      'Ada Admin discarded the change of the approval policy proposed by Morgan Moderator',
    );
  });

  it("each step is a live 'company.approval_policy' event for MODERATOR and up", async () => {
    const before = (await t.app.db.select({ id: liveEvents.id }).from(liveEvents)).length;
    const one = dataOf<ApprovalPolicy>(await propose(SOUND)).pending!;
    expect((await discard(one.id, tokens.moderator)).statusCode).toBe(200);
    const two = dataOf<ApprovalPolicy>(await propose(SOUND)).pending!;
    expect((await confirm(two.id, tokens.admin)).statusCode).toBe(200);
    const events = (await t.app.db.select().from(liveEvents).orderBy(liveEvents.id)).slice(before);
    const ours = events.filter((e) => e.entityType === 'company' && e.entityId === String(companyId));
    expect(ours.map((e) => [e.kind, e.minRole])).toEqual([
      ['company.approval_policy', 'MODERATOR'],
      ['company.approval_policy', 'MODERATOR'],
      ['company.approval_policy', 'MODERATOR'],
      ['company.approval_policy', 'MODERATOR'],
    ]);
  });
});

describe('a policy one person could complete alone is refused', () => {
  it('by name, as the linked account, as the assignee they are, or as delegate; not with a second step', async () => {
    // The MODERATOR's second account, allowed to decide payments by an unaware ADMIN.
    const puppet = await register(tokens.moderator, 'puppet.policy@example.com', 'USER');
    const granted = await call('PUT', `/api/user/users/${puppet.id}/payment-decisions`, tokens.admin, {
      allowed: true,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const refused = async (definition: PolicyDefinition, message: string, token = tokens.moderator) => {
      const response = await propose(definition, token);
      expect(response.statusCode, response.body).toBe(400);
      expect(messageOf(response)).toContain(message);
    };
    const alone = POLICY_CHANGE_MESSAGES.aloneCanApprove(2, 'you');
    await refused(belowFloor(anyOf(person(ids.moderator), person(ids.user))), alone);
    await refused(belowFloor(anyOf(person(puppet.id))), alone);
    await refused(belowFloor(allOf(person(puppet.id))), alone);
    // Two entries of one 'all of' step, or two steps, naming the two accounts of one person.
    const onePerson = POLICY_CHANGE_MESSAGES.onePerson(2, 'Morgan Moderator', 'Linked Account');
    await refused(belowFloor(allOf(person(ids.moderator), person(puppet.id))), onePerson);
    await refused(belowFloor(anyOf(person(ids.moderator)), anyOf(person(puppet.id))), onePerson);
    // The company's approver, when that is the author.
    await t.app.db.update(companies).set({ approverId: ids.moderator }).where(eq(companies.id, companyId));
    try {
      await refused(belowFloor(anyOf(APPROVER)), alone);
    } finally {
      await t.app.db.update(companies).set({ approverId: ids.user }).where(eq(companies.id, companyId));
    }
    // A person whose delegate is the author: the author decides for them while they are away.
    await t.app.db.update(users).set({ delegateId: ids.moderator }).where(eq(users.id, ids.user));
    try {
      await refused(belowFloor(anyOf(person(ids.user))), alone);
    } finally {
      await t.app.db.update(users).set({ delegateId: null }).where(eq(users.id, ids.user));
    }
    // Accepted: a second step someone else must approve, or a role every holder shares.
    expect((await propose(belowFloor(anyOf(person(ids.moderator)), anyOf(ADMIN)))).statusCode).toBe(200);
    expect((await propose(belowFloor(anyOf(MODERATOR)))).statusCode).toBe(200);
  });

  it('nor may the confirming ADMIN be the one who could approve alone under it', async () => {
    // An account the demo ADMIN registered, named alone for small bills by the MODERATOR.
    const clerk = await register(tokens.admin, 'clerk.policy@example.com', 'USER');
    const pending = dataOf<ApprovalPolicy>(await propose(belowFloor(anyOf(person(clerk.id)))));
    expect(pending.pending, JSON.stringify(pending)).not.toBeNull();
    const byRegistrar = await confirm(pending.pending!.id, tokens.admin);
    expect(byRegistrar.statusCode).toBe(400);
    expect(messageOf(byRegistrar)).toContain(POLICY_CHANGE_MESSAGES.aloneCanApprove(2, 'you'));
    expect((await confirm(pending.pending!.id, second.token)).statusCode).toBe(200);
  });
});

describe('from the ADMIN step floor ($10,000 by default) a step only an ADMIN can approve', () => {
  it('is asked of every rule a bill of that amount can reach', async () => {
    const missing = (rule: number) => ADMIN_STEP_MESSAGES.missing(rule, 10_000);
    const refused = async (definition: PolicyDefinition, rule: number) => {
      const response = await propose(definition, tokens.admin);
      expect(response.statusCode, response.body).toBe(400);
      expect(messageOf(response)).toContain(missing(rule));
    };
    // 'Any ADMIN or the company's approver' lets the approver decide it: not an ADMIN step.
    await refused(
      {
        rules: [
          { conditions: { minAmount: 10_000 }, steps: [anyOf(MODERATOR), anyOf(ADMIN, APPROVER)] },
          { conditions: {}, steps: [anyOf(MODERATOR)] },
        ],
      },
      1,
    );
    // A band below the floor that ends above it.
    await refused(
      {
        rules: [
          { conditions: { minAmount: 10_000, maxAmount: 20_000 }, steps: [anyOf(MODERATOR)] },
          { conditions: { minAmount: 20_000 }, steps: [anyOf(MODERATOR), anyOf(ADMIN)] },
          { conditions: {}, steps: [anyOf(MODERATOR)] },
        ],
      },
      1,
    );
    // A vendor's rule of any amount: a large bill from that vendor skips the ADMIN.
    await refused(
      {
        rules: [
          { conditions: { vendorRefs: ['9401'] }, steps: [anyOf(MODERATOR)] },
          { conditions: { minAmount: 10_000 }, steps: [anyOf(MODERATOR), anyOf(ADMIN)] },
          { conditions: {}, steps: [anyOf(MODERATOR)] },
        ],
      },
      1,
    );
    // The catch-all, when no earlier rule takes every large bill (here only the URGENT ones).
    await refused(
      {
        rules: [
          { conditions: { minAmount: 10_000, priorities: ['URGENT'] }, steps: [anyOf(ADMIN)] },
          { conditions: {}, steps: [anyOf(MODERATOR)] },
        ],
      },
      2,
    );
    // Accepted: 'any admin' alone, or an 'all of' step that includes any admin.
    const accepted = await propose(
      {
        rules: [
          { conditions: { minAmount: 50_000 }, steps: [allOf(MODERATOR, ADMIN)] },
          { conditions: { minAmount: 10_000 }, steps: [anyOf(MODERATOR), anyOf(ADMIN)] },
          { conditions: {}, steps: [anyOf(MODERATOR)] },
        ],
      },
      tokens.admin,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
