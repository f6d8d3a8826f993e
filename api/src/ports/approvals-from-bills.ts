/**
 * What the QuickBooks import needs from approvals, given to it by flows/quickbooks-import.ts, so
 * that the quickbooks module never imports approvals. Both run inside the import page's
 * transaction: a page's approvals and its position commit together.
 */
import type { ApprovalPriority, Bill } from 'shared-contracts';
import type { Db } from '../db/client';

/** The reason the import gives for a bill whose balance went to 0 in QuickBooks. */
export const PAID_IN_QUICKBOOKS = 'was paid in QuickBooks';

export interface ApprovalsFromBills {
  /**
   * Before several creates or changes in one transaction (a page): takes what they will hold, in
   * the order people's decisions take it, so the page and a decision never wait for each other.
   */
  prepareBatch(tx: Db): Promise<void>;
  /** A new approval of these imported bills, by the system importer; answers its id. */
  create(tx: Db, input: { companyId: number; priority: ApprovalPriority; bills: Bill[] }): Promise<string>;
  /**
   * QuickBooks changed a bill an approval holds: `bill` is its new state, null when it was deleted
   * or paid there; `reason` is said in the approval's history.
   */
  applyChange(tx: Db, approvalId: string, billId: string, bill: Bill | null, reason: string): Promise<void>;
}
