import { and, eq, inArray } from 'drizzle-orm';
import {
  APPROVAL_ERRORS,
  CHAIN_WAITING_NAMES,
  type Approval,
  type ApprovalChain,
  type ApprovalPolicy,
  type Bill,
  type PolicyDefinition,
  type PolicySimulation,
} from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  approvalDecisions,
  approvals,
  companies,
  managers,
  nachaFiles,
  users,
} from '../../db/schema';
import { handBill } from '../../test/approval-fixtures';
import { build, type TestContext } from '../../test/build';
import { putPolicyInForce, secondAdmin } from '../../test/policies';
import { namedBy } from './approval-policy.service';
import { escalateDueSteps } from './escalation.service';
import { QUICKBOOKS_IMPORTER, createApprovalInTransaction } from './approvals.service';

/**
 * Decisions under an approval policy, on both engines: steps decided in order by different
 * people, the creator and a person who already approved a step refused, concurrent decisions of
 * one step, the bank file only after the last step, a delegate for someone away, escalation after
 * the deadline (the app's clock is injected) and a step nobody active can satisfy.
 */

let ctx: TestContext;
let clock = new Date('2026-11-02T09:00:00Z');
const tokens = { admin: '', moderator: '', user: '', guest: '' };
const ids = { admin: 0, moderator: 0, user: 0 };
let companyId = 0;
let colleague = { id: 0, token: '' };
let billSeq = 7_100_000;
const APPROVALS = '/api/bill-approval/approvals';
const STRONG_PASSWORD = 'Quartz-Harbor-Ledger-71';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
const dataOf = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;
const messageOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string } }).error.message;
const policyPath = () => `/api/company/companies/${companyId}/approval-policy`;

const bill = (vendor: string, amount: number): Bill => {
  billSeq += 1;
  return {
    Id: String(billSeq),
    TotalAmt: amount,
    DocNumber: `P-${billSeq}`,
    VendorRef: { value: vendor, name: `Vendor ${vendor}` },
  };
};

/** A request entered by hand (POST …/approvals) of one bill of vendor 7001; the server numbers it. */
async function create(amount: number, token = tokens.moderator): Promise<Approval> {
  billSeq += 1;
  const response = await call('POST', APPROVALS, token, {
    companyId,
    priority: 'HIGH',
    bills: [handBill('7001', amount, `P-${billSeq}`)],
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Approval>(response);
}

const approve = (id: string, token: string, payload: object = {}) =>
  call('PUT', `${APPROVALS}/${id}/approve`, token, payload);
const chainOf = async (id: string) =>
  dataOf<ApprovalChain>(await call('GET', `${APPROVALS}/${id}/chain`, tokens.guest));
const filesOf = async (id: string) =>
  (await ctx.app.db.select({ id: nachaFiles.id }).from(nachaFiles).where(eq(nachaFiles.approvalId, id)))
    .length;

/**
 * Puts a policy in force: `token` proposes it and a second ADMIN, who registered nobody here,
 * confirms it (the demo ADMIN registered the accounts these tests name, so is one person with them).
 */
async function savePolicy(definition: PolicyDefinition, token = tokens.moderator, escalationHours?: number) {
  const body = escalationHours === undefined ? { definition } : { definition, escalationHours };
  return putPolicyInForce(ctx, companyId, body, token, (await secondAdmin(ctx)).token);
}

/** Runs `run` with `n` more ADMINs ('<firstName> Admin <i>', who never sign in), removed after it. */
async function withExtraAdmins(n: number, firstName: string, run: (ids: number[]) => Promise<void>) {
  const rows = await ctx.app.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `admin.${i}.${firstName.toLowerCase()}@example.com`,
        passwordHash: 'not a hash: never signs in',
        firstName,
        lastName: `Admin ${i}`,
        role: 'ADMIN' as const,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((row) => row.id);
  try {
    await run(ids);
  } finally {
    await ctx.app.db.delete(users).where(inArray(users.id, ids));
  }
}

/** How many active ADMINs may decide payments now. */
const activeAdmins = async () =>
  (
    await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.isActive, true), eq(users.mayDecidePayments, true)))
  ).length;

/** From $5,000: 1) the company's approver, then 2) any admin or the company's approver. */
const TWO_STEPS: PolicyDefinition = {
  rules: [
    {
      conditions: { minAmount: 5000 },
      steps: [
        { mode: 'ANY', approvers: [{ kind: 'assignee', assignee: 'approver' }] },
        {
          mode: 'ANY',
          approvers: [
            { kind: 'role', role: 'ADMIN' },
            { kind: 'assignee', assignee: 'approver' },
          ],
        },
      ],
    },
    {
      conditions: {},
      steps: [
        {
          mode: 'ANY',
          approvers: [
            { kind: 'assignee', assignee: 'approver' },
            { kind: 'role', role: 'ADMIN' },
          ],
        },
      ],
    },
  ],
};

beforeAll(async () => {
  // These tests are about deciding under any policy; the ADMIN step floor, which would refuse most
  // of the policies they save, has its own tests (policy-two-person.test.ts); here it is above the
  // largest bill an approval may hold, so no rule is asked for one.
  ctx = await build({ app: { now: () => clock }, config: { policyAdminStepFrom: 100_000_000 } });
  for (const role of ['admin', 'moderator', 'user', 'guest'] as const) {
    const login = await ctx.login(`${role}@example.com`);
    tokens[role] = login.tokens.accessToken;
    if (role !== 'guest') ids[role] = login.user.id;
  }
  const [company] = await ctx.app.db
    .insert(companies)
    .values({ name: 'Policy Test Co', approverId: ids.user })
    .returning({ id: companies.id });
  companyId = company!.id;
  // Bank file settings and a confirmed vendor account (entered by the MODERATOR, who creates the
  // approvals and so decides none; confirmed by the ADMIN, who did not enter it).
  const settings = await call('PUT', `/api/company/companies/${companyId}/payment-settings`, tokens.admin, {
    odfiRoutingNumber: '121042882',
    odfiName: 'First Example Bank',
    companyIdentification: '1234567890',
    achCompanyName: 'Policy Co',
    originName: 'Policy Co LLC',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const account = await call(
    'POST',
    `/api/company/companies/${companyId}/vendor-accounts`,
    tokens.moderator,
    {
      vendorRef: '7001',
      vendorName: 'Vendor 7001',
      routingNumber: '021000021',
      accountNumber: '70017001',
      accountType: 'checking',
    },
  );
  expect(account.statusCode, account.body).toBe(201);
  const confirmed = await call(
    'PUT',
    `/api/company/companies/${companyId}/vendor-accounts/${dataOf<{ id: number }>(account).id}/confirm`,
    tokens.admin,
    { version: 1 },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const registered = await call('POST', '/api/auth/register', tokens.admin, {
    email: 'colleague.policy@example.com',
    password: STRONG_PASSWORD,
    firstName: 'Cora',
    lastName: 'Colleague',
    role: 'USER',
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const login = await ctx.login('colleague.policy@example.com', STRONG_PASSWORD);
  colleague = { id: login.user.id, token: login.tokens.accessToken };
  // A colleague of long standing, not an account the ADMIN made for themselves: two accounts where
  // one registered the other are one person, and the tests here need two people.
  await ctx.app.db.update(users).set({ createdById: null }).where(eq(users.id, colleague.id));
});
afterAll(() => ctx.close());

describe('the accounts a re-check reads', () => {
  it('are those the steps name, by id or as an assignee holding the slot now, and the roles they name', () => {
    const assignees = { approver: 41, manager: null, accountant: 43 };
    expect(
      namedBy([
        {
          step: {
            mode: 'ANY',
            approvers: [
              { kind: 'user', userId: 7 },
              { kind: 'assignee', assignee: 'approver' },
              { kind: 'assignee', assignee: 'manager' },
            ],
          },
          assignees,
        },
        {
          step: {
            mode: 'ALL',
            approvers: [
              { kind: 'role', role: 'ADMIN' },
              { kind: 'user', userId: 7 },
            ],
          },
          assignees: { approver: 52, manager: 53, accountant: null },
        },
      ]),
    ).toEqual({ ids: [7, 41], roles: ['ADMIN'] });
    expect(namedBy([])).toEqual({ ids: [], roles: [] });
  });
});

describe('policies', () => {
  it('answers the default policy (version 0) until one is saved, then each save is a new version', async () => {
    const before = dataOf<ApprovalPolicy>(await call('GET', policyPath(), tokens.guest));
    expect(before).toMatchObject({ version: 0, escalationHours: 48 });
    expect(before.summary[0]).toBe(
      "Bills from $10,000: 1) the company's approver, any moderator or admin, then 2) any admin",
    );
    expect((await savePolicy(TWO_STEPS, tokens.user)).statusCode).toBe(403);
    const bad = await savePolicy({
      rules: [{ conditions: { minAmount: 1 }, steps: [{ mode: 'ANY', approvers: [] }] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad) + JSON.stringify(bad.json())).toMatch(/Step 1 of rule 1 names no approver/);
    const nobody = await savePolicy({
      rules: [
        {
          conditions: {},
          steps: [{ mode: 'ANY', approvers: [{ kind: 'assignee', assignee: 'accountant' }] }],
        },
      ],
    });
    expect(JSON.stringify(nobody.json())).toMatch(/Nobody active can approve step 1 of rule 1/);
    const saved = await savePolicy(TWO_STEPS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<ApprovalPolicy>(saved)).toMatchObject({
      version: 1,
      summary: [
        "Bills from $5,000: 1) the company's approver, then 2) any admin or the company's approver",
        "Every other bill: 1) the company's approver or any admin",
      ],
    });
  });

  it('tries a bill: the rule, its steps and who could approve each now', async () => {
    const response = await call('POST', `${policyPath()}/simulate`, tokens.moderator, {
      amount: 6000,
      priority: 'LOW',
    });
    expect(response.statusCode, response.body).toBe(200);
    const simulation = dataOf<PolicySimulation>(response);
    expect(simulation.rule).toBe(1);
    expect(simulation.steps.map((s) => s.label)).toEqual([
      "the company's approver",
      "any admin or the company's approver",
    ]);
    expect(simulation.steps[0]!.people).toEqual(['Uma User']);
    expect(simulation.steps[0]!.peopleCount).toBe(1);
    expect(simulation.steps[1]!.people).toContain('Ada Admin');
  });

  it('tries a bill whose step any of many admins could approve: a few names and how many in all', async () => {
    await withExtraAdmins(CHAIN_WAITING_NAMES + 3, 'Simulated', async () => {
      const response = await call('POST', `${policyPath()}/simulate`, tokens.moderator, {
        amount: 6000,
        priority: 'LOW',
      });
      expect(response.statusCode, response.body).toBe(200);
      const step = dataOf<PolicySimulation>(response).steps[1]!;
      // The approver (Uma) or any active ADMIN who may decide payments.
      expect(step.peopleCount).toBe((await activeAdmins()) + 1);
      expect(step.people).toHaveLength(CHAIN_WAITING_NAMES);
      expect(step.satisfiable).toBe(true);
    });
  });
});

describe('decisions follow the policy', () => {
  it('two steps in order by two people; the creator and the step-1 approver are refused; the file only after the last step', async () => {
    const approval = await create(6000);
    expect(approval).toMatchObject({
      currentStep: 1,
      stepCount: 2,
      policyVersion: 1,
      currentStepLabel: "the company's approver",
    });
    const own = await approve(approval.id, tokens.moderator);
    expect(own.statusCode).toBe(403);
    expect(messageOf(own)).toBe(APPROVAL_ERRORS.ownApproval);
    const notNamed = await approve(approval.id, tokens.admin);
    expect(notNamed.statusCode).toBe(403);
    expect(messageOf(notNamed)).toBe(APPROVAL_ERRORS.notYourStep("the company's approver"));

    const first = await approve(approval.id, tokens.user);
    expect(first.statusCode, first.body).toBe(200);
    expect(dataOf<Approval>(first)).toMatchObject({
      status: 'PENDING',
      currentStep: 2,
      currentStepLabel: "any admin or the company's approver",
    });
    expect(await filesOf(approval.id)).toBe(0);

    const again = await approve(approval.id, tokens.user);
    expect(again.statusCode).toBe(403);
    expect(messageOf(again)).toBe(APPROVAL_ERRORS.decidedEarlierStep);

    // The ADMIN's queue has it now; the USER's does not any more.
    const adminQueue = await call('GET', `${APPROVALS}?view=waiting&limit=100`, tokens.admin);
    expect(dataOf<Approval[]>(adminQueue).map((a) => a.id)).toContain(approval.id);
    const userQueue = await call('GET', `${APPROVALS}?view=waiting&limit=100`, tokens.user);
    expect(dataOf<Approval[]>(userQueue).map((a) => a.id)).not.toContain(approval.id);
    const count = dataOf<{ count: number }>(
      await call('GET', `${APPROVALS}/waiting-count`, tokens.admin),
    ).count;
    expect(count).toBe(
      (adminQueue.json() as { meta: { pagination: { total: number } } }).meta.pagination.total,
    );

    const last = await approve(approval.id, tokens.admin);
    expect(last.statusCode, last.body).toBe(200);
    expect(dataOf<Approval>(last).status).toBe('NACHA_GENERATED');
    expect(await filesOf(approval.id)).toBe(1);
    const chain = await chainOf(approval.id);
    expect(chain.steps.map((s) => [s.state, s.decisions.map((d) => d.userName)])).toEqual([
      ['DONE', ['Uma User']],
      ['DONE', ['Ada Admin']],
    ]);
  });

  it('two people deciding one step at once: exactly one counts, the other gets 409', async () => {
    const approval = await create(6000);
    expect((await approve(approval.id, tokens.user)).statusCode).toBe(200);
    await ctx.app.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, colleague.id));
    try {
      const answers = await Promise.all([
        approve(approval.id, tokens.admin, { step: 2 }),
        approve(approval.id, colleague.token, { step: 2 }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const decisions = await ctx.app.db
        .select()
        .from(approvalDecisions)
        .where(eq(approvalDecisions.approvalId, approval.id));
      expect(decisions.filter((d) => d.position === 2)).toHaveLength(1);
      expect(await filesOf(approval.id)).toBe(1);
    } finally {
      await ctx.app.db.update(users).set({ role: 'USER' }).where(eq(users.id, colleague.id));
    }
  });

  it('a step the request did not see is 409, not a decision of the next step', async () => {
    const approval = await create(6000);
    expect((await approve(approval.id, tokens.user, { step: 1 })).statusCode).toBe(200);
    const stale = await approve(approval.id, tokens.admin, { step: 1 });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(APPROVAL_ERRORS.stepMoved);
  });

  it('reject at any step rejects the approval and closes its steps', async () => {
    const approval = await create(6000);
    expect((await approve(approval.id, tokens.user)).statusCode).toBe(200);
    const rejected = await call('PUT', `${APPROVALS}/${approval.id}/reject`, tokens.admin, {
      rejectionReason: 'Not ours',
    });
    expect(dataOf<Approval>(rejected)).toMatchObject({ status: 'REJECTED', currentStep: null });
    expect((await chainOf(approval.id)).steps.map((s) => s.state)).toEqual(['DONE', 'CLOSED']);
  });

  it('in-flight approvals keep the version they started with', async () => {
    const approval = await create(6000);
    const single: PolicyDefinition = {
      rules: [{ conditions: {}, steps: [{ mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] }] }],
    };
    expect((await savePolicy(single)).statusCode).toBe(200);
    try {
      expect((await chainOf(approval.id)).policyVersion).toBe(1);
      expect(messageOf(await approve(approval.id, tokens.admin))).toBe(
        APPROVAL_ERRORS.notYourStep("the company's approver"),
      );
      const fresh = await create(6000);
      expect(fresh).toMatchObject({ policyVersion: 2, stepCount: 1 });
    } finally {
      expect((await savePolicy(TWO_STEPS)).statusCode).toBe(200);
    }
  });
});

describe('delegation, escalation, stuck', () => {
  it('a delegate decides for an approver who is away, recorded as "X for Y", only inside the window', async () => {
    const approval = await create(6000);
    const awayFrom = new Date(clock.getTime() + 3_600_000);
    const awayUntil = new Date(clock.getTime() + 7 * 86_400_000);
    await ctx.app.db
      .update(users)
      .set({ awayFrom, awayUntil, delegateId: colleague.id })
      .where(eq(users.id, ids.user));
    try {
      expect((await approve(approval.id, colleague.token)).statusCode).toBe(403);
      clock = awayFrom;
      const queue = await call('GET', `${APPROVALS}?view=waiting&limit=100`, colleague.token);
      expect(dataOf<Approval[]>(queue).map((a) => a.id)).toContain(approval.id);
      // Who is away and who stands in is told to MODERATOR and up and to the two people: a GUEST
      // reads the delegate's name alone.
      const waitingAs = async (token: string) =>
        dataOf<ApprovalChain>(await call('GET', `${APPROVALS}/${approval.id}/chain`, token)).steps[0]!
          .waitingFor;
      const asGuest = await waitingAs(tokens.guest);
      expect(asGuest).toContain('Cora Colleague');
      expect(asGuest.filter((name) => name.includes(' for '))).toEqual([]);
      for (const token of [tokens.moderator, colleague.token, tokens.user]) {
        expect(await waitingAs(token)).toContain('Cora Colleague for Uma User');
      }
      const decided = await approve(approval.id, colleague.token);
      expect(decided.statusCode, decided.body).toBe(200);
      const step = (await chainOf(approval.id)).steps[0]!;
      expect(step.decisions[0]).toMatchObject({ userName: 'Cora Colleague', onBehalfOfName: 'Uma User' });
      // The absent approver counts as having decided: they may not take step 2 as well.
      clock = awayUntil;
      expect(messageOf(await approve(approval.id, tokens.user))).toBe(APPROVAL_ERRORS.decidedEarlierStep);
    } finally {
      await ctx.app.db
        .update(users)
        .set({ awayFrom: null, awayUntil: null, delegateId: null })
        .where(eq(users.id, ids.user));
    }
  });

  it('a step waiting past the escalation time is widened to the ADMINs, and history says so', async () => {
    const approval = await create(6000);
    expect(messageOf(await approve(approval.id, tokens.admin))).toBe(
      APPROVAL_ERRORS.notYourStep("the company's approver"),
    );
    const opened = clock;
    clock = new Date(opened.getTime() + 48 * 3_600_000 - 1);
    await escalateDueSteps(ctx.app.db, clock);
    expect((await chainOf(approval.id)).steps[0]!.escalatedAt).toBeNull();
    clock = new Date(opened.getTime() + 48 * 3_600_000);
    await escalateDueSteps(ctx.app.db, clock);
    expect((await chainOf(approval.id)).steps[0]!.escalatedAt).toBe(clock.toISOString());
    const history = dataOf<Array<{ action: string }>>(
      await call('GET', `${APPROVALS}/${approval.id}/history`, tokens.guest),
    );
    expect(history.map((h) => h.action)).toContain('Escalated');
    const decided = await approve(approval.id, tokens.admin);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(dataOf<Approval>(decided).currentStep).toBe(2);
  });

  it('an approval whose only approver is deactivated is flagged stuck and escalated at once', async () => {
    const only: PolicyDefinition = {
      rules: [
        { conditions: {}, steps: [{ mode: 'ANY', approvers: [{ kind: 'user', userId: colleague.id }] }] },
      ],
    };
    expect((await savePolicy(only)).statusCode).toBe(200);
    try {
      const approval = await create(100);
      expect((await chainOf(approval.id)).stuck).toBe(false);
      const off = await call('PUT', `/api/user/users/${colleague.id}/deactivate`, tokens.admin);
      expect(off.statusCode, off.body).toBe(200);
      const chain = await chainOf(approval.id);
      expect(chain.stuck).toBe(true);
      expect(chain.steps[0]!.escalatedAt).not.toBeNull();
      expect(chain.steps[0]!.label).toMatch(/escalated/);
      const listed = await call(
        'GET',
        `${APPROVALS}?companyId=${companyId}&status=PENDING&limit=100`,
        tokens.guest,
      );
      expect(dataOf<Approval[]>(listed).find((a) => a.id === approval.id)).toMatchObject({ stuck: true });
      const counts = dataOf<{ stuck: number }>(await call('GET', `${APPROVALS}/waiting-count`, tokens.guest));
      expect(counts.stuck).toBe(1);
      // Escalated to the ADMINs: an ADMIN decides it.
      expect(dataOf<Approval>(await approve(approval.id, tokens.admin)).status).toBe('NACHA_GENERATED');
    } finally {
      await call('PUT', `/api/user/users/${colleague.id}/reactivate`, tokens.admin);
      expect((await savePolicy(TWO_STEPS)).statusCode).toBe(200);
    }
  });
});

/**
 * Every change that can leave a step with nobody able to decide it flags the approval stuck and
 * escalates it at once, as deactivation does; a change that leaves someone able to decide does not.
 */
describe('stuck after any change that strands a step', () => {
  const onlyStep = (approver: PolicyDefinition['rules'][number]['steps'][number]['approvers'][number]) => ({
    rules: [{ conditions: {}, steps: [{ mode: 'ANY' as const, approvers: [approver] }] }],
  });
  const expectStuck = async (id: string, stuck: boolean) => {
    const chain = await chainOf(id);
    expect(chain.stuck).toBe(stuck);
    expect(chain.steps[0]!.escalatedAt === null).toBe(!stuck);
  };
  const escalations = async (id: string) =>
    (await ctx.app.db.select().from(activity).where(eq(activity.entityId, id))).filter(
      (row) => row.action === 'approval.escalate',
    ).length;
  async function withPolicy(
    definition: PolicyDefinition,
    body: () => Promise<void>,
    token = tokens.moderator,
  ) {
    const saved = await savePolicy(definition, token);
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      await body();
    } finally {
      expect((await savePolicy(TWO_STEPS, token)).statusCode).toBe(200);
    }
  }
  async function newcomer(email: string, role: 'USER' | 'MODERATOR' = 'USER') {
    const registered = await call('POST', '/api/auth/register', tokens.admin, {
      email,
      password: STRONG_PASSWORD,
      firstName: 'Nina',
      lastName: 'Newcomer',
      role,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    return dataOf<{ id: number }>(registered).id;
  }

  it('the only named approver deleted', async () => {
    const id = await newcomer('deleted.policy@example.com');
    await withPolicy(onlyStep({ kind: 'user', userId: id }), async () => {
      const approval = await create(100);
      await expectStuck(approval.id, false);
      const gone = await call('DELETE', `/api/user/users/${id}`, tokens.admin);
      expect(gone.statusCode, gone.body).toBe(200);
      await expectStuck(approval.id, true);
      expect(await escalations(approval.id)).toBe(1);
    });
  });

  it('the only named approver demoted to GUEST; the last holder of a role demoted', async () => {
    const id = await newcomer('demoted.policy@example.com');
    await withPolicy(onlyStep({ kind: 'user', userId: id }), async () => {
      const approval = await create(100);
      const demoted = await call('PUT', `/api/user/users/${id}/role`, tokens.admin, { role: 'GUEST' });
      expect(demoted.statusCode, demoted.body).toBe(200);
      await expectStuck(approval.id, true);
    });
    // A step any moderator may decide stays decidable while another MODERATOR remains, and is
    // stranded when the last one is demoted (by the full edit form, the other way to change a role).
    const second = await newcomer('moderator.policy@example.com', 'MODERATOR');
    const moderators = await ctx.app.db.select().from(users).where(eq(users.role, 'MODERATOR'));
    const others = moderators.filter((m) => m.id !== second && m.isActive);
    await ctx.app.db
      .update(users)
      .set({ isActive: false })
      .where(
        inArray(
          users.id,
          others.map((m) => m.id),
        ),
      );
    try {
      await withPolicy(
        onlyStep({ kind: 'role', role: 'MODERATOR' }),
        async () => {
          const approval = await create(100, tokens.admin);
          await expectStuck(approval.id, false);
          const edited = await call('PUT', `/api/user/users/${second}`, tokens.admin, {
            email: 'moderator.policy@example.com',
            firstName: 'Nina',
            lastName: 'Newcomer',
            role: 'USER',
            isActive: true,
          });
          expect(edited.statusCode, edited.body).toBe(200);
          await expectStuck(approval.id, true);
        },
        tokens.admin,
      );
    } finally {
      await ctx.app.db
        .update(users)
        .set({ isActive: true })
        .where(
          inArray(
            users.id,
            others.map((m) => m.id),
          ),
        );
      tokens.moderator = (await ctx.login('moderator@example.com')).tokens.accessToken;
    }
  });

  it("the company's approver changed to someone else (still decidable), then removed (stuck)", async () => {
    await withPolicy(onlyStep({ kind: 'assignee', assignee: 'approver' }), async () => {
      const approval = await create(100);
      try {
        const moved = await call('PUT', `/api/company/companies/${companyId}`, tokens.admin, {
          approverId: colleague.id,
        });
        expect(moved.statusCode, moved.body).toBe(200);
        await expectStuck(approval.id, false);
        const cleared = await call('PUT', `/api/company/companies/${companyId}`, tokens.admin, {
          approverId: null,
        });
        expect(cleared.statusCode, cleared.body).toBe(200);
        await expectStuck(approval.id, true);
        expect(await escalations(approval.id)).toBe(1);
      } finally {
        await ctx.app.db.update(companies).set({ approverId: ids.user }).where(eq(companies.id, companyId));
      }
    });
  });

  it("the company's manager unlinked from its user account", async () => {
    const [manager] = await ctx.app.db
      .insert(managers)
      .values({
        firstName: 'Mona',
        lastName: 'Manager',
        email: 'mona.policy@example.com',
        userId: colleague.id,
      })
      .returning({ id: managers.id });
    await ctx.app.db.update(companies).set({ managerId: manager!.id }).where(eq(companies.id, companyId));
    try {
      await withPolicy(onlyStep({ kind: 'assignee', assignee: 'manager' }), async () => {
        const approval = await create(100);
        await expectStuck(approval.id, false);
        const unlinked = await call('PUT', `/api/manager/managers/${manager!.id}/unlink-user`, tokens.admin);
        expect(unlinked.statusCode, unlinked.body).toBe(200);
        await expectStuck(approval.id, true);
      });
    } finally {
      await ctx.app.db.update(companies).set({ managerId: null }).where(eq(companies.id, companyId));
    }
  });

  it('the only named approver stopped deciding payments', async () => {
    const id = await newcomer('nopay.policy@example.com');
    await ctx.app.db.update(users).set({ mayDecidePayments: true }).where(eq(users.id, id));
    await withPolicy(onlyStep({ kind: 'user', userId: id }), async () => {
      const approval = await create(100);
      await expectStuck(approval.id, false);
      const stopped = await call('PUT', `/api/user/users/${id}/payment-decisions`, tokens.admin, {
        allowed: false,
      });
      expect(stopped.statusCode, stopped.body).toBe(200);
      await expectStuck(approval.id, true);
    });
  });
});

describe('out of office', () => {
  it('a user sets their own absence and delegate; another USER may not; the delegate must be someone else', async () => {
    // Deactivating the colleague above ended their sessions: sign in again.
    colleague.token = (await ctx.login('colleague.policy@example.com', STRONG_PASSWORD)).tokens.accessToken;
    const path = `/api/user/users/${ids.user}/out-of-office`;
    const body = {
      awayFrom: '2026-12-01T09:00:00.000Z',
      awayUntil: '2026-12-08T09:00:00.000Z',
      delegateId: colleague.id,
    };
    expect((await call('PUT', path, colleague.token, body)).statusCode).toBe(403);
    const self = await call('PUT', path, tokens.user, { ...body, delegateId: ids.user });
    expect(self.statusCode).toBe(400);
    const backwards = await call('PUT', path, tokens.user, { ...body, awayUntil: body.awayFrom });
    expect(backwards.statusCode).toBe(400);
    const set = await call('PUT', path, tokens.user, body);
    expect(set.statusCode, set.body).toBe(200);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, ids.user));
    expect(row).toMatchObject({ delegateId: colleague.id, awayFrom: new Date(body.awayFrom) });
    const ended = await call('PUT', path, tokens.admin, {
      awayFrom: null,
      awayUntil: null,
      delegateId: null,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const [after] = await ctx.app.db.select().from(users).where(eq(users.id, ids.user));
    expect(after).toMatchObject({ delegateId: null, awayFrom: null, awayUntil: null });
  });
});

describe('entered by hand vs imported', () => {
  it('an imported approval and a typed one match different rules, and the simulator tells them apart', async () => {
    const byOrigin: PolicyDefinition = {
      rules: [
        {
          conditions: { origin: 'QUICKBOOKS' },
          steps: [
            { mode: 'ANY', approvers: [{ kind: 'assignee', assignee: 'approver' }] },
            { mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] },
          ],
        },
        { conditions: {}, steps: [{ mode: 'ANY', approvers: [{ kind: 'assignee', assignee: 'approver' }] }] },
      ],
    };
    const bad = await call('PUT', policyPath(), tokens.moderator, {
      definition: { rules: [{ conditions: { origin: 'PAPER' }, steps: byOrigin.rules[1]!.steps }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/origin must be MANUAL or QUICKBOOKS/);
    const saved = await savePolicy(byOrigin);
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect(dataOf<ApprovalPolicy>(saved).summary).toEqual([
        "Bills imported from QuickBooks: 1) the company's approver, then 2) any admin",
        "Every other bill: 1) the company's approver",
      ]);
      const typed = await create(100);
      expect(typed).toMatchObject({ origin: 'MANUAL', stepCount: 1 });
      expect((await chainOf(typed.id)).policyRule).toBe(2);
      const importedId = await ctx.app.db.transaction((tx) =>
        createApprovalInTransaction(
          tx,
          QUICKBOOKS_IMPORTER,
          { companyId, priority: 'HIGH', bills: [bill('7001', 100)], recipients: [] },
          'QUICKBOOKS',
          clock,
        ),
      );
      const imported = dataOf<Approval>(await call('GET', `${APPROVALS}/${importedId}`, tokens.guest));
      expect(imported).toMatchObject({ origin: 'QUICKBOOKS', stepCount: 2 });
      expect((await chainOf(importedId)).policyRule).toBe(1);
      const tries = await Promise.all(
        (['QUICKBOOKS', 'MANUAL'] as const).map(async (origin) =>
          dataOf<PolicySimulation>(
            await call('POST', `${policyPath()}/simulate`, tokens.moderator, { amount: 100, origin }),
          ),
        ),
      );
      expect(tries.map((t) => [t.rule, t.steps.length])).toEqual([
        [1, 2],
        [2, 1],
      ]);
      // Without an origin the simulator tries a bill entered by hand.
      const plain = await call('POST', `${policyPath()}/simulate`, tokens.moderator, { amount: 100 });
      expect(dataOf<PolicySimulation>(plain).rule).toBe(2);
      // Both are decided off the queue so the tests below start from empty queues.
      for (const id of [typed.id, importedId])
        await call('PUT', `${APPROVALS}/${id}/reject`, tokens.admin, { rejectionReason: 'Test done' });
    } finally {
      expect((await savePolicy(TWO_STEPS)).statusCode).toBe(200);
    }
  });
});

describe('the editor: vendors by name, escalation time', () => {
  it("the summary names a vendor by its account's name; the escalation time is saved, and refused outside 1–720 hours", async () => {
    const byVendor: PolicyDefinition = {
      rules: [
        {
          conditions: { vendorRefs: ['7001', '9999'] },
          steps: [{ mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] }],
        },
        TWO_STEPS.rules[1]!,
      ],
    };
    try {
      const zero = await call('PUT', policyPath(), tokens.moderator, {
        definition: byVendor,
        escalationHours: 0,
      });
      expect(zero.statusCode).toBe(400);
      expect(JSON.stringify(zero.json())).toMatch(/escalationHours must be from 1 to 720 hours/);
      const half = await call('PUT', policyPath(), tokens.moderator, {
        definition: byVendor,
        escalationHours: 1.5,
      });
      expect(JSON.stringify(half.json())).toMatch(/escalationHours must be whole hours/);
      const saved = await savePolicy(byVendor, tokens.moderator, 12);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(dataOf<ApprovalPolicy>(saved)).toMatchObject({
        escalationHours: 12,
        summary: [
          'Bills from Vendor 7001 or vendor 9999: 1) any admin',
          "Every other bill: 1) the company's approver or any admin",
        ],
      });
    } finally {
      const back = await savePolicy(TWO_STEPS, tokens.moderator, 48);
      expect(back.statusCode, back.body).toBe(200);
    }
  });
});

/**
 * The queue reads who may decide from approvals.waiting_for (kept by triggers on the steps) and
 * from the person's own keys (read when they ask): after every change that can alter who may decide,
 * the stored keys and each person's queue and badge agree with the new answer.
 */
describe("'Waiting for me' follows every change of who may decide", () => {
  const queued = async (token: string) => {
    const page = await call('GET', `${APPROVALS}?view=waiting&limit=100`, token);
    expect(page.statusCode, page.body).toBe(200);
    const badge = dataOf<{ count: number }>(await call('GET', `${APPROVALS}/waiting-count`, token));
    const total = (page.json() as { meta: { pagination: { total: number } } }).meta.pagination.total;
    expect(badge.count).toBe(total);
    return dataOf<Approval[]>(page).map((a) => a.id);
  };
  /** The stored keys, sorted (null: waiting for nobody). */
  const keysOf = async (id: string) => {
    const [row] = await ctx.app.db
      .select({ keys: approvals.waitingFor })
      .from(approvals)
      .where(eq(approvals.id, id));
    return row!.keys === null ? null : [...row!.keys].sort();
  };
  const expectQueues = async (
    id: string,
    expected: { user: boolean; admin: boolean; colleague: boolean },
  ) => {
    expect({
      user: (await queued(tokens.user)).includes(id),
      admin: (await queued(tokens.admin)).includes(id),
      colleague: (await queued(colleague.token)).includes(id),
    }).toEqual(expected);
  };

  it('a decision moves it to the next step, a role change and a reassigned approver apply at once, rejecting empties it', async () => {
    const approval = await create(6000);
    expect(await keysOf(approval.id)).toEqual([`a:${companyId}:approver`]);
    await expectQueues(approval.id, { user: true, admin: false, colleague: false });

    // The company's approver changed: nobody's approval row is rewritten, the queues follow.
    const moved = await call('PUT', `/api/company/companies/${companyId}`, tokens.admin, {
      approverId: colleague.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    try {
      await expectQueues(approval.id, { user: false, admin: false, colleague: true });
    } finally {
      const back = await call('PUT', `/api/company/companies/${companyId}`, tokens.admin, {
        approverId: ids.user,
      });
      expect(back.statusCode, back.body).toBe(200);
    }

    // Step 1 decided: step 2 (any admin or the approver) is current; the step-1 approver is out.
    expect((await approve(approval.id, tokens.user)).statusCode).toBe(200);
    expect(await keysOf(approval.id)).toEqual([`a:${companyId}:approver`, 'r:ADMIN']);
    await expectQueues(approval.id, { user: false, admin: true, colleague: false });
    const step2 = (await chainOf(approval.id)).steps[1]!.waitingFor;
    expect(step2).toContain('Ada Admin');
    expect(step2).not.toContain('Uma User');

    // A role change: the colleague made ADMIN sees it, and no longer once a USER again.
    await ctx.app.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, colleague.id));
    try {
      await expectQueues(approval.id, { user: false, admin: true, colleague: true });
    } finally {
      await ctx.app.db.update(users).set({ role: 'USER' }).where(eq(users.id, colleague.id));
    }
    await expectQueues(approval.id, { user: false, admin: true, colleague: false });

    const rejected = await call('PUT', `${APPROVALS}/${approval.id}/reject`, tokens.admin, {
      rejectionReason: 'Not ours',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await keysOf(approval.id)).toBeNull();
    await expectQueues(approval.id, { user: false, admin: false, colleague: false });
  });

  it('a delegation window: the delegate sees it from its first instant to its end, not after', async () => {
    const approval = await create(6000);
    const awayFrom = new Date(clock.getTime() + 3_600_000);
    const awayUntil = new Date(clock.getTime() + 86_400_000);
    await ctx.app.db
      .update(users)
      .set({ awayFrom, awayUntil, delegateId: colleague.id })
      .where(eq(users.id, ids.user));
    try {
      // The detail's chain names the same people (read for its steps only, not every account).
      // As a MODERATOR, who is told who stands in for whom.
      const waitingFor = async () =>
        dataOf<ApprovalChain>(await call('GET', `${APPROVALS}/${approval.id}/chain`, tokens.moderator))
          .steps[0]!.waitingFor;
      clock = new Date(awayFrom.getTime() - 1);
      await expectQueues(approval.id, { user: true, admin: false, colleague: false });
      expect(await waitingFor()).toEqual(['Uma User']);
      clock = awayFrom;
      expect((await queued(colleague.token)).includes(approval.id)).toBe(true);
      expect(await waitingFor()).toEqual(['Cora Colleague for Uma User']);
      clock = new Date(awayUntil.getTime() - 1);
      expect((await queued(colleague.token)).includes(approval.id)).toBe(true);
      clock = awayUntil;
      await expectQueues(approval.id, { user: true, admin: false, colleague: false });
    } finally {
      await ctx.app.db
        .update(users)
        .set({ awayFrom: null, awayUntil: null, delegateId: null })
        .where(eq(users.id, ids.user));
    }
  });

  /** The stored deciders, sorted (null: waiting for nobody). */
  const decidedOf = async (id: string) => {
    const [row] = await ctx.app.db
      .select({ decided: approvals.waitingDecided })
      .from(approvals)
      .where(eq(approvals.id, id));
    return row!.decided === null ? null : [...row!.decided].sort((a, b) => a - b);
  };

  it("an 'all of' step: a decision that leaves it open takes the decider (and whom they stood in for) out of the queue, not the others", async () => {
    const allOf: PolicyDefinition = {
      rules: [
        {
          conditions: {},
          steps: [
            {
              mode: 'ALL',
              approvers: [
                { kind: 'user', userId: ids.user },
                { kind: 'user', userId: ids.admin },
              ],
            },
          ],
        },
      ],
    };
    expect((await savePolicy(allOf)).statusCode).toBe(200);
    try {
      const approval = await create(100);
      expect(await decidedOf(approval.id)).toEqual([]);
      await expectQueues(approval.id, { user: true, admin: true, colleague: false });

      // The colleague decides for Uma, who is away: the step stays open (the ADMIN has not decided),
      // its keys are unchanged, and neither the colleague nor Uma may decide it again.
      const awayFrom = new Date(clock.getTime() - 3_600_000);
      const awayUntil = new Date(clock.getTime() + 3_600_000);
      await ctx.app.db
        .update(users)
        .set({ awayFrom, awayUntil, delegateId: colleague.id })
        .where(eq(users.id, ids.user));
      try {
        expect((await queued(colleague.token)).includes(approval.id)).toBe(true);
        const forUma = await approve(approval.id, colleague.token);
        expect(forUma.statusCode, forUma.body).toBe(200);
        expect(dataOf<Approval>(forUma)).toMatchObject({ status: 'PENDING', currentStep: 1 });
        expect((await queued(colleague.token)).includes(approval.id)).toBe(false);
      } finally {
        await ctx.app.db
          .update(users)
          .set({ awayFrom: null, awayUntil: null, delegateId: null })
          .where(eq(users.id, ids.user));
      }
      expect(await keysOf(approval.id)).toEqual([`u:${ids.user}`, `u:${ids.admin}`].sort());
      expect(await decidedOf(approval.id)).toEqual([ids.user, colleague.id].sort((a, b) => a - b));
      // Uma back: her step was decided for her, so it is not in her queue.
      await expectQueues(approval.id, { user: false, admin: true, colleague: false });

      const last = await approve(approval.id, tokens.admin);
      expect(last.statusCode, last.body).toBe(200);
      expect(dataOf<Approval>(last).status).not.toBe('PENDING');
      expect(await keysOf(approval.id)).toBeNull();
      expect(await decidedOf(approval.id)).toBeNull();
      await expectQueues(approval.id, { user: false, admin: false, colleague: false });
    } finally {
      expect((await savePolicy(TWO_STEPS)).statusCode).toBe(200);
    }
  });

  it('a step any admin may decide lists the first few of them by name and counts them all', async () => {
    // More ADMINs than the chain reads (it reads the first few holders of a role and counts the rest
    // in SQL): one away with an active delegate (counted once, 'X for Y'), one away whose delegate is
    // deactivated (nobody can stand in: not counted), that delegate itself (inactive: not counted).
    await withExtraAdmins(16, 'Extra', async (extra) => {
      const away = {
        awayFrom: new Date(clock.getTime() - 3_600_000),
        awayUntil: new Date(clock.getTime() + 3_600_000),
      };
      await ctx.app.db
        .update(users)
        .set({ ...away, delegateId: extra[1]! })
        .where(eq(users.id, extra[14]!));
      await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, extra[13]!));
      await ctx.app.db
        .update(users)
        .set({ ...away, delegateId: extra[13]! })
        .where(eq(users.id, extra[15]!));
      const approval = await create(6000);
      expect((await approve(approval.id, tokens.user)).statusCode).toBe(200);
      // Step 2: any admin (the approver decided step 1); the MODERATOR created it.
      const admins = await activeAdmins();
      expect(admins).toBeGreaterThan(CHAIN_WAITING_NAMES + 2);
      const step = (await chainOf(approval.id)).steps[1]!;
      expect(step.waitingForCount).toBe(admins - 1);
      expect(step.waitingFor).toHaveLength(CHAIN_WAITING_NAMES);
      expect(new Set(step.waitingFor).size).toBe(CHAIN_WAITING_NAMES);
      // Extra Admin 14 comes back: counted under their own name now.
      await ctx.app.db
        .update(users)
        .set({ awayFrom: null, awayUntil: null, delegateId: null })
        .where(eq(users.id, extra[14]!));
      expect((await chainOf(approval.id)).steps[1]!.waitingForCount).toBe(admins - 1);
      // Extra Admin 15's delegate is reactivated: both count, one of them as 'X for Y'.
      await ctx.app.db.update(users).set({ isActive: true }).where(eq(users.id, extra[13]!));
      expect((await chainOf(approval.id)).steps[1]!.waitingForCount).toBe(admins + 1);
      // Step 1, decided: waits for nobody.
      expect((await chainOf(approval.id)).steps[0]).toMatchObject({ waitingFor: [], waitingForCount: 0 });
    });
  });

  it('escalation after the deadline, and escalation at once when the only approver is deactivated, widen it to the ADMINs', async () => {
    const waited = await create(6000);
    await expectQueues(waited.id, { user: true, admin: false, colleague: false });
    clock = new Date(clock.getTime() + 48 * 3_600_000);
    await escalateDueSteps(ctx.app.db, clock);
    expect(await keysOf(waited.id)).toEqual([`a:${companyId}:approver`, 'r:ADMIN']);
    await expectQueues(waited.id, { user: true, admin: true, colleague: false });

    const only: PolicyDefinition = {
      rules: [
        { conditions: {}, steps: [{ mode: 'ANY', approvers: [{ kind: 'user', userId: colleague.id }] }] },
      ],
    };
    expect((await savePolicy(only)).statusCode).toBe(200);
    try {
      const approval = await create(100);
      expect(await keysOf(approval.id)).toEqual([`u:${colleague.id}`]);
      await expectQueues(approval.id, { user: false, admin: false, colleague: true });
      const off = await call('PUT', `/api/user/users/${colleague.id}/deactivate`, tokens.admin);
      expect(off.statusCode, off.body).toBe(200);
      expect(await keysOf(approval.id)).toEqual(['r:ADMIN', `u:${colleague.id}`]);
      expect((await queued(tokens.admin)).includes(approval.id)).toBe(true);
      expect((await queued(tokens.user)).includes(approval.id)).toBe(false);
    } finally {
      await call('PUT', `/api/user/users/${colleague.id}/reactivate`, tokens.admin);
      colleague.token = (await ctx.login('colleague.policy@example.com', STRONG_PASSWORD)).tokens.accessToken;
      expect((await savePolicy(TWO_STEPS)).statusCode).toBe(200);
    }
  });
});
