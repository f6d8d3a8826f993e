/**
 * QuickBooks changed bills an approval holds: the import applies each change to a PENDING approval
 * (amounts, removal, expiry), holds it on a decided one until someone decides again, and only warns
 * once the file is at the bank. Deciding again either confirms the approved bills stand or reopens
 * the approval with QuickBooks' amounts.
 */
import {
  APPROVAL_ERRORS,
  personName,
  toCents,
  type Approval,
  type QbChangeAfterDecision,
  type ApprovalStatus,
  type Bill,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import { PAID_IN_QUICKBOOKS } from '../../ports/approvals-from-bills';
import type { Db } from '../../db/client';
import { retryOnConflict } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { conflict } from '../../http/http-error';
import { recordActivities, recordActivity } from '../activity/activity.service';
import { dropChain, startApprovalChain } from './approval-policy.service';
import { indexAndFlagBills, unindexBill } from '../bills/duplicate-bills';
import { findApprovalRow, updateApproval, updatePendingApproval } from './approvals.repository';
import {
  approvalNotFound,
  cents,
  checkMayApprove,
  dollars,
  getApproval,
  nowOf,
  short,
  type ApprovalCreator,
} from './approvals.service';

export type SourceChangeOutcome = 'updated' | 'removed' | 'expired' | 'decided';

export { PAID_IN_QUICKBOOKS };
/** Decided and not yet sent to the bank: a bill changed now holds the bank file back. */
const AWAITING_PAYMENT = new Set<ApprovalStatus>(['APPROVED', 'NACHA_PENDING', 'NACHA_GENERATED']);
/**
 * The file is at the bank: a bill changed now cannot hold the payment, so the approval warns. A
 * payment the bank returned (in part or whole) was at the bank too: its bills are paid again only
 * through a new approval, so a change of them is a warning, never a hold.
 */
const SENT_TO_BANK = new Set<ApprovalStatus>([
  'BANK_UPLOADED',
  'PAYMENT_COMPLETED',
  'PAYMENT_PARTLY_RETURNED',
  'PAYMENT_RETURNED',
]);
/** Paid, so each paid bill has its own BillPayment in QuickBooks (a partly returned one's others too). */
const PAID = new Set<ApprovalStatus>(['PAYMENT_COMPLETED', 'PAYMENT_PARTLY_RETURNED']);

/**
 * Deciding again after QuickBooks changed bills of a decided approval (PUT …/qb-changes/confirm):
 * someone who may approve it (the same rules as approving: not its creator, allowed to decide
 * payments, …) confirms that the approved bills and amounts stand, with the reason. The changes
 * are cleared and recorded with the reason in history. Answers the approval's status: one still
 * without its bank file (APPROVED) then gets it (flows/approve-and-pay.ts).
 */
export async function confirmAfterQbChanges(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  reason: string,
): Promise<ApprovalStatus> {
  return deps.db.transaction(async (tx) => {
    const current = await findApprovalRow(tx, id, true);
    if (!current) throw approvalNotFound();
    await checkMayApprove(tx, actor, current);
    const changes = current.qbChangesAfterDecision ?? [];
    if (changes.length === 0) throw conflict('reason', APPROVAL_ERRORS.noQbChanges);
    await updateApproval(tx, id, { qbChangesAfterDecision: null });
    const bills = changes.map((change) => change.docNumber ?? change.billId).join(', ');
    // Changes that came once the file was at the bank held nothing: clearing them says they were checked.
    const held = changes.some((change) => change.held !== false);
    await recordActivity(tx, actor, 'approval', id, {
      action: 'approval.qb_changes_confirmed',
      description: held
        ? `${personName(actor)} decided again after bill ${bills} changed in QuickBooks: approval ${short(id)} stands as approved (${dollars(current.approvedAmountCents)}): ${reason}`
        : `${personName(actor)} checked bill ${bills}, changed in QuickBooks after the bank file of approval ${short(id)} was sent: ${reason}`,
      details: { changes, reason, status: current.status },
    });
    return current.status;
  });
}

/** A held change as stored: with QuickBooks' bill now (null: deleted or paid there). */
type StoredQbChange = QbChangeAfterDecision & { bill?: Bill | null };

/**
 * 'Decide again' with QuickBooks' amounts (PUT …/qb-changes/reopen): the decision taken on the old
 * amounts is withdrawn. Only while no bank file exists (APPROVED): the approval goes back to PENDING
 * with QuickBooks' bills (a deleted or paid one leaves; none left: EXPIRED), its approved amounts
 * are cleared, its policy chain starts again under the company's current policy (the new amount
 * may need other steps), and its bills are keyed and checked for duplicates again. Who may do it:
 * whoever may approve it, with a reason; history keeps the earlier decision and why it was undone.
 */
export async function reopenAfterQbChanges(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  reason: string,
): Promise<Approval> {
  // Back to PENDING (or EXPIRED) on the counters an import's pages write, on a row they may lock.
  await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const current = await findApprovalRow(tx, id, true);
      if (!current) throw approvalNotFound();
      await checkMayApprove(tx, actor, current);
      const changes = (current.qbChangesAfterDecision ?? []).filter((change) => change.held !== false);
      if (changes.length === 0) throw conflict('reason', APPROVAL_ERRORS.noQbChanges);
      if (current.status !== 'APPROVED') throw conflict('reason', APPROVAL_ERRORS.reopenAfterBankFile);
      let bills = current.bills;
      for (const change of changes as StoredQbChange[]) {
        // Held before QuickBooks' bill was kept with the change: only a removal can be applied.
        if (change.bill === undefined && change.amountNow !== null) {
          throw conflict('reason', APPROVAL_ERRORS.reopenWithoutBill(change.docNumber ?? change.billId));
        }
        const now = change.bill ?? null;
        bills = now
          ? bills.map((candidate) => (candidate.Id === change.billId ? now : candidate))
          : bills.filter((candidate) => candidate.Id !== change.billId);
      }
      const totalCents = cents(bills);
      const labels = changes.map((change) => change.docNumber ?? change.billId).join(', ');
      const undone = `${dollars(current.approvedAmountCents)} approved by ${current.approvedBy ?? 'someone'}`;
      await updateApproval(tx, id, {
        status: bills.length === 0 ? 'EXPIRED' : 'PENDING',
        bills,
        billIds: bills.map((bill) => bill.Id),
        totalBills: bills.length,
        totalAmountCents: totalCents,
        processedBills: 0,
        approvedBills: null,
        approvedBillIds: [],
        approvedAmountCents: 0,
        approvedById: null,
        approvedBy: null,
        approvalDate: null,
        decisionAccounts: null,
        nachaProcessingStatus: null,
        qbChangesAfterDecision: null,
        currentStep: null,
        currentStepLabel: null,
        stuck: false,
        updatedAt: nowOf(deps),
      });
      await dropChain(tx, id);
      for (const change of changes) await unindexBill(tx, id, change.billId);
      const replaced = bills.filter((bill) => changes.some((change) => change.billId === bill.Id));
      const flags = replaced.length > 0 ? await indexAndFlagBills(tx, id, current.companyId, replaced) : [];
      if (bills.length === 0) {
        await recordActivity(tx, actor, 'approval', id, {
          action: 'approval.qb_changes_reopened',
          status: 'EXPIRED',
          description: `${personName(actor)} decided again after bill ${labels} changed in QuickBooks: the decision (${undone}) is withdrawn and approval ${short(id)}, with no bills left, expired: ${reason}`,
          details: { changes, reason, before: { status: 'APPROVED' }, after: { status: 'EXPIRED' } },
        });
        return;
      }
      const row = await findApprovalRow(tx, id);
      await startApprovalChain(tx, row!, nowOf(deps));
      await recordActivity(tx, actor, 'approval', id, {
        action: 'approval.qb_changes_reopened',
        status: 'PENDING',
        description: `${personName(actor)} decided again after bill ${labels} changed in QuickBooks: the decision (${undone}) is withdrawn and approval ${short(id)} is pending again with QuickBooks' amounts, ${bills.length} bill(s), ${dollars(totalCents)}: ${reason}`,
        details: {
          changes,
          reason,
          before: { status: 'APPROVED', approvedAmount: current.approvedAmountCents / 100 },
          after: { status: 'PENDING', totalAmount: totalCents / 100 },
          ...(flags.length > 0 ? { duplicates: flags.map((flag) => flag.bill.Id) } : {}),
        },
      });
    }),
  );
  return getApproval(deps.db, id);
}

/**
 * A bill of an approval changed where it came from (QuickBooks), inside the caller's transaction.
 * While the approval is PENDING the bill is replaced (`bill`), or removed (`bill` null: paid or
 * deleted there), totals follow, and its history says what changed; an approval left without
 * bills is EXPIRED with the reason. A decided approval is never changed: its history records the
 * change that was not applied, so nobody pays a bill that changed without seeing it.
 */
export async function applySourceBillChange(
  tx: Db,
  source: ApprovalCreator,
  approvalId: string,
  billId: string,
  bill: Bill | null,
  reason: string,
): Promise<SourceChangeOutcome> {
  const current = await findApprovalRow(tx, approvalId, true);
  if (!current) return 'decided';
  const before = current.bills.find((candidate) => candidate.Id === billId);
  const label = `Bill ${before?.DocNumber ?? bill?.DocNumber ?? billId}`;
  const record = (
    action: string,
    description: string,
    details: Record<string, unknown>,
    status?: ApprovalStatus,
  ) =>
    recordActivities(tx, [
      {
        userId: source.id,
        userName: source.name,
        entityType: 'approval',
        entityId: approvalId,
        action,
        description,
        details,
        status,
      },
    ]);
  if (current.status !== 'PENDING') {
    // Its own BillPayment (or any payment) of a bill this approval paid: nothing to tell.
    if (PAID.has(current.status) && bill === null && reason === PAID_IN_QUICKBOOKS) {
      return 'decided';
    }
    const approved = (current.approvedBills ?? []).find((candidate) => candidate.Id === billId);
    // Not yet paid, and a bill it pays: it warns, and its bank file waits for a new decision.
    const holds = approved !== undefined && AWAITING_PAYMENT.has(current.status);
    // Already at the bank: nothing can be held any more, but the approval says so loudly.
    const tooLate = approved !== undefined && SENT_TO_BANK.has(current.status);
    if (holds || tooLate) {
      const earlier = (current.qbChangesAfterDecision ?? []).filter((change) => change.billId !== billId);
      await updateApproval(tx, approvalId, {
        qbChangesAfterDecision: [
          ...earlier,
          {
            billId,
            docNumber: approved.DocNumber ?? bill?.DocNumber ?? null,
            reason,
            decidedAmount: approved.TotalAmt,
            amountNow: bill ? bill.TotalAmt : null,
            at: new Date().toISOString(),
            ...(tooLate ? { held: false } : {}),
            // QuickBooks' bill as it is now, for 'Decide again' (never answered by the API).
            ...(holds ? { bill } : {}),
          } as StoredQbChange,
        ],
      });
    }
    const amounts =
      holds || tooLate
        ? ` (${dollars(toCents(approved.TotalAmt))} approved → ${bill ? dollars(toCents(bill.TotalAmt)) : 'none'})`
        : '';
    const consequence = holds
      ? '; its bank file is refused until someone decides again'
      : tooLate
        ? `; ${APPROVAL_ERRORS.changedAfterSentToBank}`
        : '';
    await record(
      'approval.source_change_not_applied',
      `${label} ${reason} after the approval was ${current.status.toLowerCase()}${amounts}: not applied to approval ${short(approvalId)}${consequence}`,
      { billId, reason, status: current.status, held: holds, tooLate },
    );
    return 'decided';
  }
  const bills = bill
    ? current.bills.map((candidate) => (candidate.Id === billId ? bill : candidate))
    : current.bills.filter((candidate) => candidate.Id !== billId);
  const totalCents = cents(bills);
  const amounts = `${dollars(before ? toCents(before.TotalAmt) : 0)} → ${bill ? dollars(toCents(bill.TotalAmt)) : 'removed'}`;
  if (bills.length === 0) {
    const row = await updatePendingApproval(tx, approvalId, { status: 'EXPIRED' });
    if (!row) return 'decided';
    await record(
      'approval.expire',
      `${label} ${reason}: removed from approval ${short(approvalId)}, which has no bills left and expired`,
      { before: { status: 'PENDING' }, after: { status: 'EXPIRED' }, billId, reason },
      'EXPIRED',
    );
    return 'expired';
  }
  const row = await updatePendingApproval(tx, approvalId, {
    bills,
    billIds: bills.map((candidate) => candidate.Id),
    totalBills: bills.length,
    totalAmountCents: totalCents,
  });
  if (!row) return 'decided';
  // The bill's keys follow it: the duplicate check reads what the approval now holds.
  await unindexBill(tx, approvalId, billId);
  if (bill) await indexAndFlagBills(tx, approvalId, current.companyId, [bill]);
  await record(
    'approval.source_change',
    `${label} ${reason} (${amounts}); approval ${short(approvalId)} now ${bills.length} bill(s), ${dollars(totalCents)}`,
    {
      billId,
      reason,
      before: { totalBills: current.totalBills, totalAmount: current.totalAmountCents / 100 },
      after: { totalBills: bills.length, totalAmount: totalCents / 100 },
    },
  );
  return bill ? 'updated' : 'removed';
}
