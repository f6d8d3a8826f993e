/**
 * Escalation: a policy step waiting past its company's escalation time, or stranded by a change to
 * people (nobody active can satisfy it any more), is flagged and escalated to the roles above it.
 */
import { stepSatisfiable } from 'shared-contracts';
import type { Db } from '../../db/client';
import { recordActivities } from '../activity/activity.service';
import {
  activeDecidersAmong,
  companyPolicyContext,
  lockApprovalRow,
  openStepKinds,
  openStepsOfKind,
  setChainPosition,
  stepsDueForEscalation,
  updateStep,
  type StepKind,
  type StuckScope,
} from './approval-policy.repository';
import { namedBy } from './approval-policy.service';

// ---- escalation ----------------------------------------------------------------------------------

/**
 * Escalation sweep: every open step that has waited its company's escalation time (or that no
 * active person can satisfy: the approver left) is widened to the ADMINs, with a history row.
 */
export async function escalateDueSteps(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await stepsDueForEscalation(tx, now, 500);
    for (const step of due) await escalateStep(tx, step.approvalId, step.position, step.roles, now, 'waited');
    return due.length;
  });
}

async function escalateStep(
  db: Db,
  approvalId: string,
  position: number,
  roles: string[],
  now: Date,
  why: 'waited' | 'stuck',
): Promise<void> {
  // The approval's row first, as a decision takes it: the step's write rewrites the approval
  // (its waiting_for, by trigger), and the other order could deadlock with a decision of it.
  await lockApprovalRow(db, approvalId);
  await updateStep(db, approvalId, position, {
    escalatedAt: now,
    roles: roles.includes('ADMIN') ? roles : [...roles, 'ADMIN'],
  });
  if (why === 'stuck') await setChainPosition(db, approvalId, { stuck: true });
  await recordActivities(db, [
    {
      userId: null,
      userName: 'System',
      entityType: 'approval',
      entityId: approvalId,
      action: 'approval.escalate',
      status: 'PENDING',
      description:
        why === 'waited'
          ? `Step ${position} of approval ${approvalId.slice(0, 8)} waited past its escalation time: any admin may now approve it`
          : `Nobody active can approve step ${position} of approval ${approvalId.slice(0, 8)}: escalated to any admin`,
      details: { after: { status: 'PENDING', escalatedStep: position } },
    },
  ]);
}

/**
 * Steps a change may strand, read before the change: give them to `escalateStuck` after it. A
 * person deactivated, deleted, demoted or stopped deciding payments; a role's last holder gone; a
 * company's approver, manager or accountant changed or cleared: each can leave an open step that
 * no active person can satisfy, which would otherwise wait for the escalation time.
 */
export async function stepsAtRisk(db: Db, scopes: StuckScope[]): Promise<StepKind[]> {
  const kinds = new Map<string, StepKind>();
  for (const scope of scopes)
    for (const kind of await openStepKinds(db, scope))
      kinds.set(`${kind.companyId}|${kind.mode}|${JSON.stringify(kind.approvers)}`, kind);
  return [...kinds.values()];
}

/**
 * After the change, in its transaction: every kind of step that nobody active can satisfy now is
 * flagged stuck and escalated to the ADMINs at once, with a history row per approval. Each kind
 * (company, mode, approvers) is judged once however many approvals wait on it.
 */
export async function escalateStuck(db: Db, kinds: StepKind[], now: Date): Promise<string[]> {
  if (kinds.length === 0) return [];
  const escalated: string[] = [];
  const contexts = new Map<number, Awaited<ReturnType<typeof companyPolicyContext>>>();
  for (const kind of kinds)
    if (!contexts.has(kind.companyId))
      contexts.set(kind.companyId, await companyPolicyContext(db, kind.companyId));
  // Only the accounts these steps name (and the holders of the roles they name): a change to one
  // person's account re-checks a few steps, and need not read every active account to do so.
  const { ids, roles } = namedBy(
    kinds.flatMap((kind) => {
      const context = contexts.get(kind.companyId);
      return context
        ? [{ step: { mode: kind.mode, approvers: kind.approvers }, assignees: context.assignees }]
        : [];
    }),
  );
  const entries = Math.max(0, ...kinds.map((kind) => kind.approvers.length));
  const staff = await activeDecidersAmong(db, ids, roles, entries);
  for (const kind of kinds) {
    const context = contexts.get(kind.companyId);
    if (!context) continue;
    if (stepSatisfiable({ mode: kind.mode, approvers: kind.approvers }, staff, context.assignees)) continue;
    for (const step of await openStepsOfKind(db, kind)) {
      await escalateStep(db, step.approvalId, step.position, step.roles, now, 'stuck');
      escalated.push(step.approvalId);
    }
  }
  return escalated;
}
