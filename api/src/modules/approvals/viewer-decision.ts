import { eq, sql, type SQL } from 'drizzle-orm';
import { APPROVAL_ERRORS, hasRole, type ViewerDecision } from 'shared-contracts';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/http-error';
import { preparedQuery } from '../../db/prepared';
import { approvals, users, type UserRow } from '../../db/schema';

// ---- whom the open step waits for, as the reviewer's queue and each row's viewerDecision read it ----

/**
 * Who asks, as a sub-select of the placeholder: PostgreSQL then estimates the statement alike in
 * its custom and generic plans (it cannot see the value in either), so after five executions it
 * keeps the generic plan instead of planning the statement again on every request.
 */
export const me = sql`(select ${sql.placeholder('me')}::integer)`;

/**
 * Whom the person decides as: themselves first, then those away now (active, inside [away_from,
 * away_until)) who named them delegate. And the keys they match in approvals.waiting_for besides
 * their role's: their id and that of each person they stand in for ('u:'), and every company slot
 * any of them holds now ('a:<company>:<slot>'). Both are database functions (migration 0034,
 * queue_people and queue_keys) called in uncorrelated sub-selects, which PostgreSQL runs once per
 * statement and only when a row needs them; read at the statement's snapshot, so a company's new
 * approver or someone's delegation window applies at once. Written inline, their sub-selects were
 * some forty plan nodes set up on every execution.
 */
const asked = sql`${sql.placeholder('me')}::integer, ${sql.placeholder('at')}::timestamptz`;
export const people = sql`(select queue_people(${asked}))`;
export const personalKeys = sql`(select queue_keys(${asked}))`;

/** The open step names the person: by their role's key or one of their personal keys. */
export const namesPerson = (roleKeys: SQL): SQL =>
  sql`(${approvals.waitingFor} && ${roleKeys} or ${approvals.waitingFor} && ${personalKeys})`;

// The person's linked accounts are uncorrelated sub-selects on purpose: Drizzle writes a statement's
// columns without their table's name, so a sub-select of users inside a statement on approvals
// cannot name an approval's column (created_by would be the user's own).

/** The account that registered the person asking (an uncorrelated sub-select: run once). */
const myRegistrar = sql`(select ${users.createdById} from ${users} where ${users.id} = ${me})`;
/** The accounts the person asking registered, as an array read once (a few ids, for most people). */
const registeredByMe = sql`array(select ${users.id} from ${users} where ${users.createdById} = ${me})`;
/** The accounts linked to the person asking: those they registered and the one that registered them. */
const linkedToMe = sql`array(select ${users.id} from ${users}
  where ${users.createdById} = ${me} or ${users.id} = ${myRegistrar})`;

/**
 * Never their own request, never one where they (or anyone they stand in for) decided a step
 * already (waiting_decided, kept beside the keys: no look-up of approval_decisions per row); and
 * the money rules about people as the approve endpoint applies them: never a request of the account
 * that registered them or of one they registered, nor one whose step an account linked to theirs
 * decided. Each reads the person's few linked accounts once per statement, never per row.
 */
export const notTheirs = (): SQL =>
  sql`${approvals.createdById} is distinct from ${me} and not (${approvals.waitingDecided} && ${people})
    and (${approvals.createdById} is null or (${approvals.createdById} <> coalesce(${myRegistrar}, 0)
      and ${approvals.createdById} <> all(${registeredByMe})))
    and not (${approvals.waitingDecided} && ${linkedToMe})`;

// ---- viewerDecision: may the person asking decide (approve or reject) the row's current step ---

/** The refusals a row can carry, each one of the server's 403/409 texts (APPROVAL_ERRORS). */
type ReasonCode =
  | 'notPending'
  | 'ownApproval'
  | 'registeredByCreator'
  | 'creatorRegisteredByYou'
  | 'decidedEarlierStep'
  | 'linkedAccountDecided'
  | 'notYourStep';

/** The role's key as a placeholder: the list statements are shared by every role. */
const viewerRoleKeys = sql`array['r:' || ${sql.placeholder('viewerRole')}::text]::text[]`;
const registrar = sql`(select ${sql.placeholder('viewerRegistrar')}::integer)`;

/**
 * Why the person may not decide the row's current step, as a code (NULL: they may), in the order
 * the approve endpoint refuses: not pending; the money rules about people (their own request, an
 * account the creator registered or that registered the creator); then the chain's rules (they, or
 * an account linked to theirs, approved a step already; the open step does not name them), the last
 * being the reviewer's queue's own condition, so 'Waiting for me' and the buttons cannot disagree.
 * A column of the page's outer select: its correlated reads are primary-key look-ups of the page's
 * rows only, and the person's keys are the queue's uncorrelated sub-selects, run once per statement.
 * A pending approval without steps (from before policies) starts its chain when decided: NULL.
 */
export function viewerReasonSql(): SQL<ReasonCode | null> {
  return sql<ReasonCode | null>`case
    when ${approvals.status} <> 'PENDING' then 'notPending'
    when ${approvals.createdById} = ${me} then 'ownApproval'
    when ${approvals.createdById} = ${registrar} then 'registeredByCreator'
    when ${approvals.createdById} = any(${registeredByMe}) then 'creatorRegisteredByYou'
    when ${approvals.waitingFor} is null then null
    when ${me} = any(${approvals.waitingDecided}) then 'decidedEarlierStep'
    when ${approvals.waitingDecided} && ${linkedToMe} then 'linkedAccountDecided'
    when not (${namesPerson(viewerRoleKeys)} and ${notTheirs()}) then 'notYourStep'
  end`;
}

/** Who asks, as viewerReasonSql reads them. */
export type Viewer = Pick<UserRow, 'id' | 'role' | 'createdById' | 'mayDecidePayments'>;

/** The placeholder values viewerReasonSql takes (with the queue's `me` and `at`). */
export function viewerValues(viewer: Viewer, now: Date): Record<string, unknown> {
  return {
    me: viewer.id,
    at: now.toISOString(),
    viewerRole: viewer.role,
    viewerRegistrar: viewer.createdById,
  };
}

/** The row fields a reason's words name: the open step and its label. */
interface StepOfRow {
  currentStep: number | null;
  stepCount: number;
  currentStepLabel: string | null;
}

/**
 * The code in words (the endpoint's own refusal texts). Someone who may not decide payments
 * approves nothing, whatever the row says; a role below USER decides no step (the endpoint's role
 * check), so the step waits for others.
 */
export function toViewerDecision(found: ReasonCode | null, row: StepOfRow, viewer: Viewer): ViewerDecision {
  if (found === 'notPending') return { may: false, reason: APPROVAL_ERRORS.notPending };
  if (!viewer.mayDecidePayments) return { may: false, reason: APPROVAL_ERRORS.mayNotDecide };
  const code = found ?? (hasRole(viewer.role, 'USER') ? null : 'notYourStep');
  if (code === null) return { may: true, reason: null };
  if (code === 'notYourStep')
    return {
      may: false,
      reason: APPROVAL_ERRORS.stepWaitsFor(
        row.currentStep,
        row.stepCount,
        row.currentStepLabel ?? 'someone else',
      ),
    };
  return { may: false, reason: APPROVAL_ERRORS[code] };
}

/** The single read of viewerReasonSql: the code and the open step, for one approval (undefined when gone). */
async function viewerReasonOf(db: Db, id: string, viewer: Viewer, now: Date) {
  const [row] = await preparedQuery(db, 'approvals:viewer-decision', () =>
    db
      .select({
        code: viewerReasonSql(),
        currentStep: approvals.currentStep,
        stepCount: approvals.stepCount,
        currentStepLabel: approvals.currentStepLabel,
      })
      .from(approvals)
      .where(eq(approvals.id, sql.placeholder('id'))),
  ).execute({ ...viewerValues(viewer, now), id });
  return row;
}

/** The single read's viewerDecision: the same column, for one approval (undefined when gone). */
export async function viewerDecisionOf(
  db: Db,
  id: string,
  viewer: Viewer,
  now: Date,
): Promise<ViewerDecision | undefined> {
  const row = await viewerReasonOf(db, id, viewer, now);
  return row ? toViewerDecision(row.code, row, viewer) : undefined;
}

/**
 * Refuses (403) a rejection the person may not make. Rejecting decides the approval as much as
 * approving does, so the same people may: the open step names them, it is not their own request
 * nor one of an account linked to theirs, and neither they nor a linked account approved another
 * of its steps. Otherwise one insider who decides payments could stop every vendor's payment of
 * every company. (A recently changed bank account does not stop a rejection: it pays nobody.)
 * Call it with the approval's row locked and known PENDING, so the step it reads is the one decided.
 */
export async function checkMayReject(db: Db, id: string, viewer: Viewer, now: Date): Promise<void> {
  const row = await viewerReasonOf(db, id, viewer, now);
  if (!row) return;
  const decision = toViewerDecision(row.code, row, viewer);
  if (decision.may) return;
  throw forbidden(
    row.code === 'notYourStep'
      ? APPROVAL_ERRORS.notYourStep(row.currentStepLabel ?? 'someone else')
      : (decision.reason ?? APPROVAL_ERRORS.mayNotDecide),
  );
}
