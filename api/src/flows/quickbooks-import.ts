/**
 * QuickBooks bills become approvals: the import (modules/quickbooks) reads a company's unpaid bills
 * page by page, and each page's new bills become approval requests through the approvals create
 * path, and changed bills reach their approvals, in the page's transaction.
 */
import type { ApprovalsFromBills } from '../ports/approvals-from-bills';
import {
  createApprovalInTransaction,
  prepareApprovalBatch,
  QUICKBOOKS_IMPORTER,
} from '../modules/approvals/approvals.service';
import { applySourceBillChange } from '../modules/approvals/qb-changes.service';
import {
  syncCompany,
  type QbSyncDeps,
  type SyncOptions,
  type SyncOutcome,
} from '../modules/quickbooks/qb-sync.service';

const approvalsFromBills: ApprovalsFromBills = {
  prepareBatch: prepareApprovalBatch,
  create: (tx, input) =>
    createApprovalInTransaction(tx, QUICKBOOKS_IMPORTER, { ...input, recipients: [] }, 'QUICKBOOKS'),
  applyChange: async (tx, approvalId, billId, bill, reason) => {
    await applySourceBillChange(tx, QUICKBOOKS_IMPORTER, approvalId, billId, bill, reason);
  },
};

/**
 * One sync run for one company (the job's body; 'Sync now' queues one). Never throws for a
 * QuickBooks or data problem: the outcome says it and the state row keeps it for the panel.
 */
export function runCompanySync(
  deps: QbSyncDeps,
  companyId: number,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  return syncCompany(deps, companyId, approvalsFromBills, options);
}
