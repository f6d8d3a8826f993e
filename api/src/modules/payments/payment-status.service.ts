/** A bank file's life after it is written: downloaded, uploaded to the bank, paid. */
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { retryOnConflict } from '../../db/errors';
import type { ApprovalRow, UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { civilDateTime } from '../../payments/banking-days';
import { recordActivity } from '../activity/activity.service';
import { personName } from 'shared-contracts';
import { findApproval, findBankFileOf, setPaymentStatus } from './bank-files.repository';

/**
 * From an APPROVED approval to its bank file. The approval moves APPROVED → NACHA_PENDING
 * (committed first, so a crash mid-way leaves a visible, retryable state) → NACHA_GENERATED, with a
 * history entry at each step. The file, its paid_bills rows and the approval's nacha* fields are
 * written in ONE transaction: paid_bills' primary key (company, bill id) makes paying a bill twice
 * impossible even when two approvals holding it are generated at the same moment.
 *
 * When something is missing (settings, a vendor account, an amount over the limit, a bill already
 * paid) the approval goes back to APPROVED with `nachaProcessingStatus` saying exactly what, and a
 * history entry; 'Generate NACHA file' (POST …/nacha) retries once it is fixed.
 */

/** ACH runs on US Eastern time: creation date/time and the next banking day are read there. */
import {
  ACH_TIME_ZONE,
  BANK_FILE_ERRORS,
  lockApproval,
  nachaDownloadPath,
  refuseIfChangedInQuickBooks,
  shortId,
} from './bank-files.service';

/** The stored bytes and name, for the download; each download is written to the history. */
export async function downloadBankFile(
  deps: AppDeps,
  actor: UserRow,
  approvalId: string,
): Promise<{ fileName: string; content: string }> {
  return deps.db.transaction(async (tx) => {
    const file = await findBankFileOf(tx, approvalId);
    if (!file) throw notFound(BANK_FILE_ERRORS.noFile);
    const row = await findApproval(tx, approvalId);
    if (row && row.status === 'NACHA_GENERATED') refuseIfChangedInQuickBooks(row);
    await recordActivity(tx, actor, 'approval', approvalId, {
      action: 'approval.nacha_download',
      description: `${personName(actor)} downloaded bank file ${file.fileName}`,
      details: { fileName: file.fileName, downloadUrl: nachaDownloadPath(approvalId) },
    });
    return file;
  });
}

const NEXT_STATUS = {
  BANK_UPLOADED: { from: 'NACHA_GENERATED', verb: 'marked bank file uploaded' },
  PAYMENT_COMPLETED: { from: 'BANK_UPLOADED', verb: 'marked payment completed' },
} as const;

/**
 * What else a completed payment writes in its own transaction, given by the flow that completes it
 * (flows/payment-status.ts): the BillPayment each paid QuickBooks bill is to get in QuickBooks,
 * dated the day paid. Answers how many it wrote.
 */
export type RecordPaidInQuickBooks = (tx: Db, row: ApprovalRow, paidOn: string) => Promise<number>;

/**
 * ADMIN: NACHA_GENERATED → BANK_UPLOADED → PAYMENT_COMPLETED, only in that order. A file whose
 * bills changed in QuickBooks after the decision is not marked uploaded. PAYMENT_COMPLETED writes,
 * in the same transaction, what `recordPaid` writes; answers how many BillPayments that was.
 */
export async function advancePaymentStatus(
  deps: Pick<AppDeps, 'db'>,
  actor: UserRow,
  approvalId: string,
  to: keyof typeof NEXT_STATUS,
  recordPaid: RecordPaidInQuickBooks,
): Promise<{ qbBillPayments: number }> {
  // A status move on the counters an import's pages write. Only database work is retried: asking
  // the QuickBooks job to send the payments is the caller's, after the commit.
  return retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const row = await lockApproval(tx, approvalId);
      const { from, verb } = NEXT_STATUS[to];
      if (row.status !== from)
        throw new HttpError(409, 'CONFLICT', BANK_FILE_ERRORS.wrongOrder(row.status, to));
      if (to === 'BANK_UPLOADED') refuseIfChangedInQuickBooks(row);
      await setPaymentStatus(tx, approvalId, to, to);
      const qbBillPayments =
        to === 'PAYMENT_COMPLETED'
          ? await recordPaid(tx, row, civilDateTime(new Date(), ACH_TIME_ZONE).date)
          : 0;
      await recordActivity(tx, actor, 'approval', approvalId, {
        action: to === 'BANK_UPLOADED' ? 'approval.bank_uploaded' : 'approval.payment_completed',
        status: to,
        description: `${personName(actor)} ${verb} for approval #${shortId(approvalId)}${
          qbBillPayments > 0
            ? `; ${qbBillPayments} ${qbBillPayments === 1 ? 'payment' : 'payments'} to record in QuickBooks`
            : ''
        }`,
        details: { from, to, ...(qbBillPayments > 0 ? { qbBillPayments } : {}) },
      });
      return { qbBillPayments };
    }),
  );
}
