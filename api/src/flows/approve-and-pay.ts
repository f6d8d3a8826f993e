/**
 * Approving pays: when the last step of an approval approves, or someone confirms a decided
 * approval after QuickBooks changed its bills, its bank file is written right after the decision
 * commits. The file's outcome is recorded on the approval itself (NACHA_GENERATED, or APPROVED with
 * what is missing), so the decision stands whatever happens to the file.
 */
import type { Approval, ApproveInput, BulkOutcome } from 'shared-contracts';
import type { AppDeps } from '../app-deps';
import type { UserRow } from '../db/schema';
import {
  approveStep,
  getApproval,
  largestTotalCents,
  type StepUpForAmount,
} from '../modules/approvals/approvals.service';
import { bulkDecide } from '../modules/approvals/bulk-decide';
import { confirmAfterQbChanges } from '../modules/approvals/qb-changes.service';
import { generateBankFile } from '../modules/payments/bank-files.service';

async function writeBankFile(deps: AppDeps, actor: UserRow, id: string, after: string): Promise<void> {
  try {
    await generateBankFile(deps, actor, id);
  } catch (error) {
    deps.log.warn({ err: error, approvalId: id }, `bank file not generated after ${after}`);
  }
}

/** Approve the person's current step; the last step's approval writes the bank file. */
export async function approve(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  input: ApproveInput,
  stepUp: StepUpForAmount,
): Promise<Approval> {
  // A step before the last moves the approval on; no money moves until the last step approves.
  if (await approveStep(deps, actor, id, input, stepUp)) await writeBankFile(deps, actor, id, 'approval');
  return getApproval(deps.db, id);
}

/**
 * Approve each id on its own, all bills, with one result per id. When any of them is large enough
 * to need a fresh second factor the person has not given, nothing is decided and the whole batch
 * is refused once (the console asks for the factor, then sends the batch again).
 */
export async function approveEach(
  deps: AppDeps,
  actor: UserRow,
  ids: string[],
  stepUp: StepUpForAmount,
): Promise<BulkOutcome> {
  stepUp(await largestTotalCents(deps.db, ids));
  return bulkDecide(ids, (id) => approve(deps, actor, id, {}, stepUp));
}

/** The approved bills stand after QuickBooks changed them; one still without its file gets it. */
export async function confirmQbChanges(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  reason: string,
): Promise<Approval> {
  const status = await confirmAfterQbChanges(deps, actor, id, reason);
  if (status === 'APPROVED') await writeBankFile(deps, actor, id, 'deciding again');
  return getApproval(deps.db, id);
}
