/**
 * An import page's bills, inside the page's transaction: new bills become approvals (through the
 * approvals the flow gives), bills QuickBooks changed reach the approvals that hold them.
 */
import * as v from 'valibot';
import { BillSchema, type ApprovalPriority, type Bill } from 'shared-contracts';
import type { Db } from '../../db/client';
import { PAID_IN_QUICKBOOKS, type ApprovalsFromBills } from '../../ports/approvals-from-bills';
import { paidBillsMatching } from '../bills/paid-bills';
import {
  addSyncCounts,
  claimImportedBills,
  findImportedBills,
  linkImportedBills,
  setImportedSyncToken,
  type ImportedBillValues,
} from './qb-sync.repository';

/** Bills per approval an import creates. */
export const IMPORT_BILLS_PER_APPROVAL = 25;
export interface SyncOutcome {
  /** done: ran to the end; busy: another process holds the lease; failed: stopped on `error`. */
  status: 'done' | 'busy' | 'failed';
  billsImported: number;
  approvalsCreated: number;
  pages: number;
  requests: number;
  error?: string;
}

/** A bill as the QuickBooks API answers it (the fields the import reads). */
export interface QbBill {
  Id: string;
  SyncToken?: string;
  DocNumber?: string;
  TxnDate?: string;
  DueDate?: string;
  VendorRef?: { value?: string; name?: string };
  Line?: Array<{ Id?: string; Description?: string; Amount?: number; DetailType?: string }>;
  TotalAmt?: number;
  Balance?: number;
  status?: string;
}

const DAY_MS = 86_400_000;

/** Priority from the earliest due date: overdue URGENT, within 3 days HIGH, 14 days MEDIUM, else LOW. */
export function importPriority(dueDate: string | undefined, today = new Date()): ApprovalPriority {
  if (!dueDate) return 'MEDIUM';
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - start) / DAY_MS);
  if (days < 0) return 'URGENT';
  if (days <= 3) return 'HIGH';
  if (days <= 14) return 'MEDIUM';
  return 'LOW';
}

/**
 * The approval's copy of a QuickBooks bill: what is still owed. A partly paid bill is one line
 * of its balance (its lines add up to the original total, which must not be paid again).
 */
export function approvalBill(bill: QbBill): unknown {
  const balance = bill.Balance ?? bill.TotalAmt;
  const partlyPaid = balance !== undefined && bill.TotalAmt !== undefined && balance < bill.TotalAmt;
  return {
    Id: bill.Id,
    TotalAmt: balance,
    DocNumber: bill.DocNumber,
    TxnDate: bill.TxnDate,
    DueDate: bill.DueDate,
    VendorRef: bill.VendorRef,
    Line: partlyPaid
      ? [
          {
            Id: '1',
            Description: `Balance due: ${bill.TotalAmt!.toFixed(2)} billed, ${(bill.TotalAmt! - balance).toFixed(2)} already paid in QuickBooks`,
            Amount: balance,
          },
        ]
      : (bill.Line ?? [])
          .filter((line) => line.DetailType !== 'SubTotalLineDetail')
          .map((line) => ({ Id: line.Id, Description: line.Description, Amount: line.Amount })),
  };
}

/**
 * One page's bills, inside the page's transaction: each is claimed in qb_imported_bills (the ones
 * already there are left alone), checked against the bill rules and the bills already paid, and
 * the new ones go into approvals of at most 25, earliest due first.
 */
export async function importBills(
  tx: Db,
  approvals: ApprovalsFromBills,
  companyId: number,
  bills: QbBill[],
  outcome: SyncOutcome,
): Promise<void> {
  const candidates: Array<{ bill: Bill | null; values: ImportedBillValues }> = bills
    .filter((bill) => typeof bill.Id === 'string' && /^\d{1,20}$/.test(bill.Id))
    .map((bill) => {
      const parsed = v.safeParse(BillSchema, approvalBill(bill));
      return {
        bill: parsed.success ? parsed.output : null,
        values: {
          qbBillId: bill.Id,
          syncToken: String(bill.SyncToken ?? '0').slice(0, 20),
          vendorRef: bill.VendorRef?.value?.slice(0, 100) ?? null,
          dueDate: bill.DueDate && /^\d{4}-\d{2}-\d{2}$/.test(bill.DueDate) ? bill.DueDate : null,
          skippedReason: parsed.success
            ? null
            : `Not importable: ${parsed.issues[0]?.message ?? 'invalid bill'}`.slice(0, 500),
        },
      };
    });
  const fresh = await claimImportedBills(
    tx,
    companyId,
    candidates.map((candidate) => candidate.values),
  );
  let importable = candidates
    .filter((candidate) => fresh.has(candidate.values.qbBillId) && candidate.bill !== null)
    .map((candidate) => candidate.bill!);
  // A bill this console paid already (QuickBooks may not know yet) is not asked for again.
  const paid = await paidBillsMatching(tx, companyId, importable);
  if (paid.length > 0) {
    const paidIds = new Set(paid.map((entry) => entry.bill));
    await linkImportedBills(tx, companyId, [...paidIds], {
      approvalId: null,
      skippedReason: 'Already paid from this console',
    });
    importable = importable.filter((bill) => !paidIds.has(bill.Id));
  }
  if (importable.length > 0) await approvals.prepareBatch(tx);
  importable.sort(
    (a, b) =>
      (a.DueDate ?? '9999-12-31').localeCompare(b.DueDate ?? '9999-12-31') || Number(a.Id) - Number(b.Id),
  );
  for (let start = 0; start < importable.length; start += IMPORT_BILLS_PER_APPROVAL) {
    const group = importable.slice(start, start + IMPORT_BILLS_PER_APPROVAL);
    const approvalId = await approvals.create(tx, {
      companyId,
      priority: importPriority(group[0]!.DueDate),
      bills: group,
    });
    await linkImportedBills(
      tx,
      companyId,
      group.map((bill) => bill.Id),
      { approvalId },
    );
    outcome.approvalsCreated += 1;
  }
  outcome.billsImported += importable.length;
  await addSyncCounts(tx, companyId, { bills: importable.length, requests: 0 });
}

/**
 * Bills CDC reports that were imported before: a new SyncToken means QuickBooks changed it. Its
 * approval is told through the approvals the flow gives (replaced while PENDING, removed when paid or
 * deleted there, recorded but not applied once decided). Answers the ids that were known.
 */
export async function applyBillChanges(
  tx: Db,
  approvals: ApprovalsFromBills,
  companyId: number,
  bills: QbBill[],
): Promise<Set<string>> {
  const rows = await findImportedBills(
    tx,
    companyId,
    bills.map((bill) => bill.Id).filter((id) => /^\d{1,20}$/.test(id)),
  );
  const known = new Map(rows.map((row) => [row.qbBillId, row]));
  if (rows.some((row) => row.approvalId)) await approvals.prepareBatch(tx);
  for (const bill of bills) {
    const row = known.get(bill.Id);
    if (!row) continue;
    const deleted = bill.status === 'Deleted';
    const syncToken = deleted ? `deleted` : String(bill.SyncToken ?? '0').slice(0, 20);
    if (syncToken === row.syncToken) continue;
    await setImportedSyncToken(tx, companyId, bill.Id, syncToken);
    if (!row.approvalId) continue;
    if (deleted || (bill.Balance ?? 0) <= 0) {
      await approvals.applyChange(
        tx,
        row.approvalId,
        bill.Id,
        null,
        deleted ? 'was deleted in QuickBooks' : PAID_IN_QUICKBOOKS,
      );
      continue;
    }
    const parsed = v.safeParse(BillSchema, approvalBill(bill));
    if (!parsed.success) continue; // the approval keeps the bill as it was importable
    await approvals.applyChange(tx, row.approvalId, bill.Id, parsed.output, 'changed in QuickBooks');
  }
  return new Set(known.keys());
}
