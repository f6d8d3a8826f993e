import { and, asc, count, desc, eq, exists, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { CompanyAssignees, PolicyPerson, Role } from 'shared-contracts';
import type { Db } from '../../db/client';
import type { StuckScope } from '../../ports/stranded-steps';
import {
  approvalDecisions,
  approvalPolicies,
  approvals,
  approvalSteps,
  companies,
  managers,
  users,
  vendorBankAccounts,
  type ApprovalDecisionRow,
  type ApprovalStepRow,
} from '../../db/schema';

/** The company's newest saved policy, or undefined when it follows the default. */
export async function latestPolicyRow(db: Db, companyId: number) {
  const [row] = await db
    .select()
    .from(approvalPolicies)
    .where(eq(approvalPolicies.companyId, companyId))
    .orderBy(desc(approvalPolicies.version))
    .limit(1);
  return row;
}

export async function policyRowVersion(db: Db, companyId: number, version: number) {
  const [row] = await db
    .select()
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.companyId, companyId), eq(approvalPolicies.version, version)));
  return row;
}

export type PolicyInsert = typeof approvalPolicies.$inferInsert;
/** Undefined when that version exists already (a concurrent save won): the unique index decides. */
export async function insertPolicy(db: Db, values: PolicyInsert) {
  const [row] = await db.insert(approvalPolicies).values(values).onConflictDoNothing().returning();
  return row;
}

/** The company's assignees as user ids (the manager through the account linked to it) and its escalation time. */
export async function companyPolicyContext(
  db: Db,
  companyId: number,
): Promise<{ assignees: CompanyAssignees; escalationHours: number } | undefined> {
  const [row] = await db
    .select({
      approver: companies.approverId,
      accountant: companies.accountantId,
      manager: managers.userId,
      escalationHours: companies.escalationHours,
    })
    .from(companies)
    .leftJoin(managers, eq(managers.id, companies.managerId))
    .where(eq(companies.id, companyId));
  if (!row) return undefined;
  return {
    assignees: { approver: row.approver, manager: row.manager ?? null, accountant: row.accountant },
    escalationHours: row.escalationHours,
  };
}

/** The names the company's vendor accounts give these vendor refs (a ref without one is absent). */
export async function vendorNames(db: Db, companyId: number, refs: string[]): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .select({ ref: vendorBankAccounts.vendorRef, name: vendorBankAccounts.vendorName })
    .from(vendorBankAccounts)
    .where(and(eq(vendorBankAccounts.companyId, companyId), inArray(vendorBankAccounts.vendorRef, refs)));
  return new Map(rows.map((row) => [row.ref, row.name]));
}

export async function setEscalationHours(db: Db, companyId: number, hours: number): Promise<void> {
  await db.update(companies).set({ escalationHours: hours }).where(eq(companies.id, companyId));
}

export interface StaffMember extends PolicyPerson {
  name: string;
  email: string;
  awayFrom: Date | null;
  awayUntil: Date | null;
  delegateId: number | null;
}

const staffColumns = {
  id: users.id,
  role: users.role,
  isActive: users.isActive,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  awayFrom: users.awayFrom,
  awayUntil: users.awayUntil,
  delegateId: users.delegateId,
};

function toStaff(row: {
  id: number;
  role: Role;
  isActive: boolean;
  firstName: string | null;
  lastName: string | null;
  email: string;
  awayFrom: Date | null;
  awayUntil: Date | null;
  delegateId: number | null;
}): StaffMember {
  const name = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email;
  return {
    id: row.id,
    role: row.role,
    isActive: row.isActive,
    name,
    email: row.email,
    awayFrom: row.awayFrom,
    awayUntil: row.awayUntil,
    delegateId: row.delegateId,
  };
}

/** The account is named by id or holds one of the roles (no condition when neither is given). */
const namedByIdOrRole = (ids: number[], roles: Role[]) =>
  or(
    ids.length > 0 ? inArray(users.id, ids) : undefined,
    roles.length > 0 ? inArray(users.role, roles) : undefined,
  );

/** `column` is none of `ids`, sent as one integer[] parameter (one statement text whatever their number). */
const notAmong = (column: PgColumn, ids: number[]) =>
  ids.length > 0 ? sql`${column} <> all(${`{${ids.join(',')}}`}::int[])` : undefined;

/** An active account that may decide payments (never a GUEST). */
const isDecider = (person: { isActive: PgColumn; role: PgColumn; mayDecidePayments: PgColumn }) =>
  and(eq(person.isActive, true), ne(person.role, 'GUEST'), eq(person.mayDecidePayments, true));

/**
 * The active deciders among `ids`, and of each of `roles` the first `perRole` holders by id that
 * are not in `except`: what a step naming those can be decided by, without reading every account.
 * A role can have tens of thousands of holders, and a step needs at most one distinct person per
 * entry, so `perRole` holders (at least the step's entries, plus the names a chain shows) decide
 * whether it can be satisfied exactly as all of them would: any matching that uses a holder past
 * the first `perRole` can use one of those first ones that it leaves free instead.
 */
export async function activeDecidersAmong(
  db: Db,
  ids: number[],
  roles: Role[],
  perRole: number,
  except: number[] = [],
): Promise<StaffMember[]> {
  const reads: Array<Promise<Array<Parameters<typeof toStaff>[0]>>> = [];
  if (ids.length > 0)
    reads.push(
      db
        .select(staffColumns)
        .from(users)
        .where(and(isDecider(users), inArray(users.id, ids))),
    );
  for (const role of new Set(roles))
    reads.push(
      db
        .select(staffColumns)
        .from(users)
        .where(and(isDecider(users), eq(users.role, role), notAmong(users.id, except)))
        .orderBy(asc(users.id))
        .limit(perRole),
    );
  const byId = new Map<number, StaffMember>();
  for (const rows of await Promise.all(reads)) for (const row of rows) byId.set(row.id, toStaff(row));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** How many active deciders there are among `ids` or holding one of `roles` (the policy simulator's count). */
export async function countActiveDeciders(db: Db, ids: number[], roles: Role[]): Promise<number> {
  if (ids.length === 0 && roles.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(isDecider(users), namedByIdOrRole(ids, roles)));
  return row?.n ?? 0;
}

/**
 * How many entries a chain step's 'waiting for' holds, counted in SQL over every holder of the
 * roles it names: each active decider it names by id or role who is not `except`, present now, or
 * away with a delegate who is an active decider and not `except` ('X for Y'). The same rule as the
 * names the chain lists (approval-policy.service.ts), without reading the holders.
 */
export async function countWaitingNames(
  db: Db,
  ids: number[],
  roles: Role[],
  except: number[],
  now: Date,
): Promise<number> {
  if (ids.length === 0 && roles.length === 0) return 0;
  const delegate = alias(users, 'delegate');
  const at = now.toISOString();
  const away = sql`coalesce(${users.delegateId} is not null and ${users.awayFrom} <= ${at}::timestamptz and ${at}::timestamptz < ${users.awayUntil}, false)`;
  // The delegate is looked up only for those away (a sub-select evaluated when `not away` fails):
  // a join would hash every account to find the few delegates.
  const delegateStandsIn = db
    .select({ one: sql`1` })
    .from(delegate)
    .where(and(eq(delegate.id, users.delegateId), isDecider(delegate), notAmong(delegate.id, except)));
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        isDecider(users),
        namedByIdOrRole(ids, roles),
        notAmong(users.id, except),
        or(sql`not ${away}`, exists(delegateStandsIn)),
      ),
    );
  return row?.n ?? 0;
}

export async function staffByIds(db: Db, ids: number[]): Promise<StaffMember[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(staffColumns).from(users).where(inArray(users.id, ids));
  return rows.map(toStaff);
}

/** The people who named `delegateId` as their delegate (whether they are away now is checked by the caller). */
/**
 * Of `ids`, the accounts that are the same person as `actor` for the "different people" rules:
 * the account that registered the actor's, and accounts the actor registered.
 */
export async function linkedAccountsAmong(
  db: Db,
  actor: { id: number; createdById: number | null },
  ids: readonly number[],
): Promise<number[]> {
  const others = ids.filter((id) => id !== actor.id);
  if (others.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, others),
        actor.createdById === null
          ? eq(users.createdById, actor.id)
          : or(eq(users.id, actor.createdById), eq(users.createdById, actor.id)),
      ),
    );
  return rows.map((row) => row.id);
}

export async function principalsOf(db: Db, delegateId: number): Promise<StaffMember[]> {
  const rows = await db.select(staffColumns).from(users).where(eq(users.delegateId, delegateId));
  return rows.map(toStaff);
}

export type StepInsert = typeof approvalSteps.$inferInsert;
export async function insertSteps(db: Db, rows: StepInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(approvalSteps).values(rows);
}

export async function stepsOf(db: Db, approvalId: string): Promise<ApprovalStepRow[]> {
  return db
    .select()
    .from(approvalSteps)
    .where(eq(approvalSteps.approvalId, approvalId))
    .orderBy(asc(approvalSteps.position));
}

export async function decisionsOf(db: Db, approvalId: string): Promise<ApprovalDecisionRow[]> {
  return db
    .select()
    .from(approvalDecisions)
    .where(eq(approvalDecisions.approvalId, approvalId))
    .orderBy(asc(approvalDecisions.decidedAt), asc(approvalDecisions.id));
}

export async function insertDecision(db: Db, values: typeof approvalDecisions.$inferInsert): Promise<void> {
  await db.insert(approvalDecisions).values(values);
}

export async function updateStep(
  db: Db,
  approvalId: string,
  position: number,
  values: Partial<
    Pick<
      ApprovalStepRow,
      'state' | 'openedAt' | 'completedAt' | 'escalatedAt' | 'roles' | 'approvers' | 'label'
    >
  >,
): Promise<void> {
  await db
    .update(approvalSteps)
    .set(values)
    .where(and(eq(approvalSteps.approvalId, approvalId), eq(approvalSteps.position, position)));
}

/**
 * The current step is done and the next (if any) opens, in one statement: the trigger that keeps
 * approvals.waiting_for then rewrites the approval once, not once per step.
 */
export async function advanceSteps(
  db: Db,
  approvalId: string,
  current: number,
  next: number | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .update(approvalSteps)
    .set({
      state: sql`case when ${approvalSteps.position} = ${current} then 'DONE' else 'OPEN' end`,
      completedAt: sql`case when ${approvalSteps.position} = ${current} then ${at}::timestamptz else ${approvalSteps.completedAt} end`,
      openedAt: sql`case when ${approvalSteps.position} = ${current} then ${approvalSteps.openedAt} else ${at}::timestamptz end`,
    })
    .where(
      and(
        eq(approvalSteps.approvalId, approvalId),
        inArray(approvalSteps.position, next === null ? [current] : [current, next]),
      ),
    );
}

/** Takes the approval's row lock (SELECT … FOR UPDATE) until the transaction ends. */
export async function lockApprovalRow(db: Db, approvalId: string): Promise<void> {
  await db.select({ id: approvals.id }).from(approvals).where(eq(approvals.id, approvalId)).for('update');
}

/** The approval left PENDING (rejected, expired): its open and waiting steps wait for nobody. */
/**
 * Drops an approval's steps and decisions, for a chain started again ('Decide again' with
 * QuickBooks' amounts): the earlier decisions stay in the approval's history.
 */
export async function dropChain(db: Db, approvalId: string): Promise<void> {
  await db.delete(approvalDecisions).where(eq(approvalDecisions.approvalId, approvalId));
  await db.delete(approvalSteps).where(eq(approvalSteps.approvalId, approvalId));
}

export async function closeSteps(db: Db, approvalId: string): Promise<void> {
  await db
    .update(approvalSteps)
    .set({ state: 'CLOSED' })
    .where(and(eq(approvalSteps.approvalId, approvalId), inArray(approvalSteps.state, ['OPEN', 'WAITING'])));
}

export async function setChainPosition(
  db: Db,
  approvalId: string,
  values: Partial<
    Pick<
      typeof approvals.$inferInsert,
      'policyVersion' | 'policyRule' | 'currentStep' | 'stepCount' | 'currentStepLabel' | 'stuck'
    >
  >,
): Promise<void> {
  await db.update(approvals).set(values).where(eq(approvals.id, approvalId));
}

/** Open steps waiting since before `cutoff` of their company's escalation time, not yet escalated. */
export async function stepsDueForEscalation(db: Db, now: Date, limit: number) {
  return db
    .select({
      approvalId: approvalSteps.approvalId,
      position: approvalSteps.position,
      approvers: approvalSteps.approvers,
      mode: approvalSteps.mode,
      roles: approvalSteps.roles,
      openedAt: approvalSteps.openedAt,
      escalationHours: companies.escalationHours,
      stepCount: approvals.stepCount,
    })
    .from(approvalSteps)
    .innerJoin(approvals, eq(approvals.id, approvalSteps.approvalId))
    .innerJoin(companies, eq(companies.id, approvalSteps.companyId))
    .where(
      and(
        eq(approvalSteps.state, 'OPEN'),
        sql`${approvalSteps.escalatedAt} is null`,
        eq(approvals.status, 'PENDING'),
        sql`${approvalSteps.openedAt} + make_interval(hours => ${companies.escalationHours}) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(approvalSteps.openedAt))
    .limit(limit);
}

/**
 * Which open, not yet escalated steps a change may leave without anybody able to decide them: those
 * naming a person (by id or as one of the company's assignees), asking for a role, of one company
 * (its assignees changed), or naming the company's manager through a manager record.
 */
export type { StuckScope };

function scopeCondition(scope: StuckScope): SQL {
  switch (scope.kind) {
    case 'user':
      return sql`(${approvalSteps.userIds} && array[${scope.userId}]::integer[]
          or (${companies.approverId} = ${scope.userId} and 'approver' = any(${approvalSteps.assignees}))
          or (${companies.accountantId} = ${scope.userId} and 'accountant' = any(${approvalSteps.assignees}))
          or (${managers.userId} = ${scope.userId} and 'manager' = any(${approvalSteps.assignees})))`;
    case 'role':
      return sql`${approvalSteps.roles} @> array[${scope.role}]::text[]`;
    case 'company':
      return sql`${approvalSteps.companyId} = ${scope.companyId} and cardinality(${approvalSteps.assignees}) > 0`;
    case 'manager':
      return sql`${companies.managerId} = ${scope.managerId} and 'manager' = any(${approvalSteps.assignees})`;
  }
}

/** What an open step asks, so that many approvals asking the same are judged once. */
export interface StepKind {
  companyId: number;
  mode: ApprovalStepRow['mode'];
  approvers: ApprovalStepRow['approvers'];
}

/** The distinct kinds of open, not yet escalated steps in the scope (read before the change). */
export async function openStepKinds(db: Db, scope: StuckScope): Promise<StepKind[]> {
  return db
    .selectDistinct({
      companyId: approvalSteps.companyId,
      mode: approvalSteps.mode,
      approvers: approvalSteps.approvers,
    })
    .from(approvalSteps)
    .innerJoin(companies, eq(companies.id, approvalSteps.companyId))
    .leftJoin(managers, eq(managers.id, companies.managerId))
    .where(and(eq(approvalSteps.state, 'OPEN'), isNull(approvalSteps.escalatedAt), scopeCondition(scope)));
}

/** The open, not yet escalated steps of one kind. */
export async function openStepsOfKind(db: Db, kind: StepKind) {
  return db
    .select({
      approvalId: approvalSteps.approvalId,
      position: approvalSteps.position,
      roles: approvalSteps.roles,
    })
    .from(approvalSteps)
    .where(
      and(
        eq(approvalSteps.state, 'OPEN'),
        isNull(approvalSteps.escalatedAt),
        eq(approvalSteps.companyId, kind.companyId),
        eq(approvalSteps.mode, kind.mode),
        sql`${approvalSteps.approvers} = ${JSON.stringify(kind.approvers)}::jsonb`,
      ),
    );
}

export async function setAbsence(
  db: Db,
  userId: number,
  values: { awayFrom: Date | null; awayUntil: Date | null; delegateId: number | null },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}
