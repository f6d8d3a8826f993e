import {
  APPROVAL_ERRORS,
  ERROR_CODES,
  POLICY_CHANGE_MESSAGES,
  personName,
  policyChanges,
  policySummary,
  type ApprovalPolicy,
  type PolicyDefinition,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { forbidden, HttpError, notFound, validationError } from '../../http/http-error';
import { recordActivity } from '../activity/activity.service';
import { companyPolicyContext, insertPolicy, setEscalationHours } from './approval-policy.repository';
import { effectivePolicy, nameLookup, vendorLookup } from './approval-policy.service';
import { policyRefusals } from './policy-checks';
import {
  deletePendingChange,
  insertPendingChange,
  lockCompanyForPolicy,
  pendingChangeOf,
  policyAccounts,
} from './policy-changes.repository';

/**
 * Changing a company's approval policy takes two people. A save is a pending change (the company
 * keeps following its current version, so new approvals do too; approvals in flight keep theirs
 * anyway); an ADMIN who is not its author, nor one person with them, confirms it, which makes it the
 * next version. Saving again replaces the pending change under a new id, and a confirmation names
 * the id it reviewed, so nobody confirms a replacement they have not read; the author or an ADMIN
 * may discard it. Every step writes a 'company.approval_policy' activity row (and its live event).
 */

const ACTION = 'company.approval_policy';

/** The policy the company follows, with its summary, and the change waiting for confirmation. */
export async function getPolicy(db: Db, companyId: number): Promise<ApprovalPolicy> {
  const context = await companyPolicyContext(db, companyId);
  if (!context) throw notFound('Company not found');
  const policy = await effectivePolicy(db, companyId);
  const summary = await summaryOf(db, companyId, policy.definition);
  const pending = await pendingChangeOf(db, companyId);
  let pendingAnswer: ApprovalPolicy['pending'] = null;
  if (pending) {
    const escalationHours = pending.escalationHours ?? context.escalationHours;
    const pendingSummary = await summaryOf(db, companyId, pending.definition);
    pendingAnswer = {
      id: pending.id,
      baseVersion: pending.baseVersion,
      definition: pending.definition,
      escalationHours,
      summary: pendingSummary,
      changes: policyChanges(
        { summary, escalationHours: context.escalationHours },
        { summary: pendingSummary, escalationHours },
      ),
      proposedById: pending.proposedById,
      proposedBy: pending.proposedByName,
      proposedAt: pending.proposedAt.toISOString(),
    };
  }
  return {
    companyId,
    version: policy.version,
    definition: policy.definition,
    escalationHours: context.escalationHours,
    createdAt: policy.createdAt?.toISOString() ?? null,
    createdBy: policy.createdBy,
    confirmedBy: policy.confirmedBy,
    summary,
    pending: pendingAnswer,
  };
}

async function summaryOf(db: Db, companyId: number, definition: PolicyDefinition): Promise<string[]> {
  return policySummary(
    definition,
    await nameLookup(db, definition),
    await vendorLookup(db, companyId, definition),
  );
}

/** Refuses (400, every reason in one message) a definition that may not become the company's policy. */
async function refuseUnsafe(
  db: Db,
  definition: PolicyDefinition,
  companyId: number,
  adminStepFrom: number,
  people: Parameters<typeof policyRefusals>[1]['people'],
): Promise<void> {
  const context = await companyPolicyContext(db, companyId);
  if (!context) throw notFound('Company not found');
  const problems = await policyRefusals(db, {
    definition,
    assignees: context.assignees,
    adminStepFrom,
    people,
  });
  if (problems.length > 0) throw validationError({ definition: problems.join('; ') });
}

/**
 * Saves a change of the policy, waiting for an ADMIN other than the author (it replaces a change
 * already waiting). Checked as a policy now, and checked again when confirmed.
 */
export async function proposePolicy(
  db: Db,
  actor: UserRow,
  companyId: number,
  input: { definition: PolicyDefinition; escalationHours?: number | undefined },
  adminStepFrom: number,
): Promise<ApprovalPolicy> {
  return db.transaction(async (tx) => {
    if (!(await lockCompanyForPolicy(tx, companyId))) throw notFound('Company not found');
    await refuseUnsafe(tx, input.definition, companyId, adminStepFrom, [{ account: actor, who: 'you' }]);
    const active = await effectivePolicy(tx, companyId);
    const replaced = await pendingChangeOf(tx, companyId);
    if (replaced) await deletePendingChange(tx, companyId);
    const row = await insertPendingChange(tx, {
      companyId,
      baseVersion: active.version,
      definition: input.definition,
      escalationHours: input.escalationHours ?? null,
      proposedById: actor.id,
      proposedByName: personName(actor),
    });
    const name = personName(actor);
    await recordActivity(tx, actor, 'company', companyId, {
      action: ACTION,
      description: `${name} proposed a change of the approval policy${replaced ? ` (replacing the change ${replaced.proposedByName} proposed)` : ''}, waiting for an ADMIN other than ${name} to confirm it: ${(await summaryOf(tx, companyId, input.definition)).join(' / ')}`,
      details: {
        after: {
          pendingChangeId: row.id,
          proposedById: actor.id,
          proposedBy: name,
          ...(input.escalationHours === undefined ? {} : { escalationHours: input.escalationHours }),
        },
        ...(replaced
          ? { before: { pendingChangeId: replaced.id, proposedBy: replaced.proposedByName } }
          : {}),
      },
    });
    return getPolicy(tx, companyId);
  });
}

/** The change waiting, which must be the one the caller reviewed (404 none, 409 another one). */
async function reviewedChange(db: Db, companyId: number, changeId: number) {
  if (!(await lockCompanyForPolicy(db, companyId))) throw notFound('Company not found');
  const pending = await pendingChangeOf(db, companyId);
  if (!pending) throw notFound(POLICY_CHANGE_MESSAGES.noPending);
  if (pending.id !== changeId)
    throw new HttpError(409, ERROR_CODES.conflict, POLICY_CHANGE_MESSAGES.replaced);
  return pending;
}

/**
 * An ADMIN confirms the change waiting (the route admits ADMINs only): not its author, nor an
 * account one person with the author's; the policy is checked again, now also that the confirming
 * ADMIN could not approve a bill alone under it. It becomes the next version.
 */
export async function confirmPolicyChange(
  db: Db,
  actor: UserRow,
  companyId: number,
  changeId: number,
  adminStepFrom: number,
): Promise<ApprovalPolicy> {
  return db.transaction(async (tx) => {
    const pending = await reviewedChange(tx, companyId, changeId);
    if (pending.proposedById === actor.id) throw forbidden(POLICY_CHANGE_MESSAGES.ownChange);
    const [author] = await policyAccounts(tx, [pending.proposedById]);
    if (!author) throw notFound(POLICY_CHANGE_MESSAGES.noPending);
    if (author.createdById === actor.id || actor.createdById === author.id)
      throw forbidden(POLICY_CHANGE_MESSAGES.linkedToAuthor(pending.proposedByName));
    const active = await effectivePolicy(tx, companyId);
    if (active.version !== pending.baseVersion)
      throw new HttpError(409, ERROR_CODES.conflict, POLICY_CHANGE_MESSAGES.baseMoved);
    await refuseUnsafe(tx, pending.definition, companyId, adminStepFrom, [
      { account: author, who: pending.proposedByName },
      { account: actor, who: 'you' },
    ]);
    const confirmer = personName(actor);
    const row = await insertPolicy(tx, {
      companyId,
      version: active.version + 1,
      definition: pending.definition,
      createdById: pending.proposedById,
      createdByName: pending.proposedByName,
      confirmedById: actor.id,
      confirmedByName: confirmer,
    });
    if (!row) throw new HttpError(409, ERROR_CODES.conflict, APPROVAL_ERRORS.policyChanged);
    if (pending.escalationHours !== null) await setEscalationHours(tx, companyId, pending.escalationHours);
    await deletePendingChange(tx, companyId);
    await recordActivity(tx, actor, 'company', companyId, {
      action: ACTION,
      version: row.version,
      description: `${confirmer} confirmed approval policy version ${row.version}, proposed by ${pending.proposedByName}: ${(await summaryOf(tx, companyId, pending.definition)).join(' / ')}`,
      details: {
        after: {
          version: row.version,
          pendingChangeId: pending.id,
          proposedById: pending.proposedById,
          proposedBy: pending.proposedByName,
          confirmedById: actor.id,
          confirmedBy: confirmer,
        },
        before: { version: active.version },
      },
    });
    return getPolicy(tx, companyId);
  });
}

/** The author or an ADMIN drops the change waiting; the company's policy stays as it is. */
export async function discardPolicyChange(
  db: Db,
  actor: UserRow,
  companyId: number,
  changeId: number,
): Promise<ApprovalPolicy> {
  return db.transaction(async (tx) => {
    const pending = await reviewedChange(tx, companyId, changeId);
    if (pending.proposedById !== actor.id && actor.role !== 'ADMIN')
      throw forbidden(POLICY_CHANGE_MESSAGES.notYours);
    await deletePendingChange(tx, companyId);
    const name = personName(actor);
    await recordActivity(tx, actor, 'company', companyId, {
      action: ACTION,
      description:
        pending.proposedById === actor.id
          ? `${name} discarded the change of the approval policy they had proposed`
          : `${name} discarded the change of the approval policy proposed by ${pending.proposedByName}`,
      details: {
        before: {
          pendingChangeId: pending.id,
          proposedById: pending.proposedById,
          proposedBy: pending.proposedByName,
        },
      },
    });
    return getPolicy(tx, companyId);
  });
}
