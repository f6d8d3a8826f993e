/**
 * A payment the bank returned is not a payment: the BillPayment the console recorded in
 * QuickBooks for the bill is deleted there (`POST /v3/company/{realmId}/billpayment?operation=delete`
 * with its Id and SyncToken), so the bill is open again in QuickBooks and nobody takes it for paid.
 *
 * The returned bills' rows are marked first (markReturnedBillPayments, in a transaction of their
 * own once the return file is applied): a created BillPayment is to be deleted, one not created
 * yet is cancelled and never sent. The deletions are then sent by the approval's
 * 'qb-bill-payment' job, after its creations, with the accounting client's back-off: a 429 waits
 * its Retry-After, a 5xx is retried, a 401 refreshes the tokens once; what still fails that way
 * stays pending with its reason and the job is retried. A refusal (QuickBooks' Fault) is final
 * until an ADMIN retries. Each delete reads the payment's current SyncToken first (a bookkeeper may
 * have edited it in QuickBooks), writes it down with the delete's own requestid, then sends: a
 * delete whose answer was lost is sent again with the same requestid and SyncToken, which
 * QuickBooks answers as the first time, so a lost answer never reads as a payment gone missing.
 */
import { randomUUID } from 'node:crypto';
import type { UserRow, QbBillPaymentRow } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { recordActivities, recordActivity } from '../activity/activity.service';
import { findCompanyRow } from '../companies/companies.service';
import { QbApiError, qbGet, qbPost, type QbRequestContext } from './client/accounting-client';
import {
  markDeleteSending,
  markReturnedBillPayments,
  pendingDeletions,
  settleDeletion,
} from './qb-bill-payment-deletions.repository';
import {
  QUICKBOOKS_PAYMENT_ACTOR,
  tidText,
  usd,
  waitingText,
  type BillPaymentDeps,
} from './qb-bill-payments';
import { currentAccessToken, SyncError } from './qb-sync.service';
import type { AppDeps } from '../../app-deps';

export interface DeletionsOutcome {
  deleted: number;
  failed: number;
  /** Still pending: throttled, QuickBooks down, or the company cannot send yet. */
  waiting: number;
  /** The waiting ones wait on QuickBooks itself (the job is retried). */
  retryable: boolean;
}

const bill = (row: Pick<QbBillPaymentRow, 'docNumber' | 'qbBillId'>) =>
  `bill ${row.docNumber ?? row.qbBillId}`;

/**
 * After a return file is applied: the returned bills' BillPayments are to be deleted in QuickBooks
 * and those not yet created are cancelled, each with a history entry by whoever applied the file.
 * The same returns again change nothing. Answers the approvals with deletions to send.
 */
export async function queueBillPaymentDeletions(
  deps: Pick<AppDeps, 'db'>,
  actor: UserRow,
  returned: Array<{ approvalId: string; billId: string }>,
): Promise<string[]> {
  if (returned.length === 0) return [];
  return deps.db.transaction(async (tx) => {
    const marked = await markReturnedBillPayments(tx, returned);
    const toSend = new Set<string>();
    for (const { row, outcome } of marked) {
      if (outcome === 'delete') toSend.add(row.approvalId);
      await recordActivity(tx, actor, 'approval', row.approvalId, {
        action:
          outcome === 'delete'
            ? 'approval.qb_bill_payment_delete_queued'
            : 'approval.qb_bill_payment_cancelled',
        description:
          outcome === 'delete'
            ? `The bank returned the payment of ${bill(row)}: its QuickBooks bill payment (BillPayment ${row.qbPaymentId}, ${usd(row.amountCents)}) is being deleted so the bill is open again in QuickBooks`
            : `The bank returned the payment of ${bill(row)} before it was recorded as paid in QuickBooks: it is not recorded there`,
        details: { billId: row.qbBillId, qbBillPaymentId: row.qbPaymentId, status: row.status },
      });
    }
    return [...toSend].sort();
  });
}

/** The job's second part: delete the approval's BillPayments of returned bills, one by one. */
export async function runBillPaymentDeletions(
  deps: BillPaymentDeps,
  approvalId: string,
): Promise<DeletionsOutcome> {
  const outcome: DeletionsOutcome = { deleted: 0, failed: 0, waiting: 0, retryable: false };
  const rows = await pendingDeletions(deps.db, approvalId);
  if (rows.length === 0) return outcome;
  const companyId = rows[0]!.companyId;
  const waitFrom = async (index: number, reason: string, retryable: boolean) => {
    const rest = rows.slice(index);
    for (const row of rest) await settle(deps, row, { deletion: 'pending', error: reason });
    outcome.waiting = rest.length;
    outcome.retryable = retryable;
    return outcome;
  };

  const company = await findCompanyRow(deps.db, companyId);
  if (!company?.qbRealmId || !company.qbRefreshTokenEnc) {
    return waitFrom(
      0,
      'The company is not connected to QuickBooks: connect it to delete the payment there',
      false,
    );
  }
  if (company.qbConnectionStatus === 'error') {
    return waitFrom(
      0,
      'QuickBooks refused the connection: reconnect the company to delete the payment there',
      false,
    );
  }
  const realmId = company.qbRealmId;
  let accessToken: string;
  try {
    accessToken = await currentAccessToken(deps, companyId, false);
  } catch (error) {
    if (error instanceof SyncError || error instanceof HttpError) return waitFrom(0, error.message, false);
    throw error;
  }
  const context = (): QbRequestContext => ({
    config: deps.config.quickBooks,
    sync: deps.config.qbSync,
    limiter: deps.qbLimiter,
    realmId,
    accessToken,
  });
  /** One request; an expired access token is refreshed once and the request sent again. */
  const call = async <T>(send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof QbApiError) || error.kind !== 'unauthorized') throw error;
      accessToken = await currentAccessToken(deps, companyId, true);
      return send();
    }
  };

  for (const [index, row] of rows.entries()) {
    const paymentId = row.qbPaymentId!;
    const syncTokenNow = async () => {
      const answer = await call(() => qbGet(context(), `billpayment/${encodeURIComponent(paymentId)}`));
      const token = (answer.BillPayment as { SyncToken?: unknown } | undefined)?.SyncToken;
      if (typeof token !== 'string') throw new QbApiError('bad_response', 200);
      return token;
    };
    const send = (syncToken: string, requestid: string) =>
      call(() =>
        qbPost(
          context(),
          'billpayment',
          { operation: 'delete', requestid },
          { Id: paymentId, SyncToken: syncToken },
        ),
      );
    /** Reads the SyncToken and writes it down with a requestid before the delete goes out. */
    const prepared = async (requestId: string) => {
      const syncToken = await syncTokenNow();
      if (!(await markDeleteSending(deps.db, row, { syncToken, requestId }))) return null;
      return { syncToken, requestId };
    };
    try {
      // An earlier attempt wrote down what it sent: the same again (its answer may have been lost).
      let request =
        row.deleteSyncToken !== null && row.deleteRequestId !== null
          ? { syncToken: row.deleteSyncToken, requestId: row.deleteRequestId }
          : await prepared(row.deleteRequestId ?? randomUUID());
      if (!request) continue; // settled by another run meanwhile
      let answer: Record<string, unknown>;
      try {
        answer = await send(request.syncToken, request.requestId);
      } catch (error) {
        // Edited in QuickBooks since the SyncToken was read: read it again, a new request once.
        if (!(error instanceof QbApiError) || error.faultCode !== '5010') throw error;
        request = await prepared(randomUUID());
        if (!request) continue;
        answer = await send(request.syncToken, request.requestId);
      }
      const deleted = answer.BillPayment as { status?: unknown } | undefined;
      if (deleted?.status !== 'Deleted') throw new QbApiError('bad_response', 200);
      await settle(deps, row, { deletion: 'deleted', error: null });
      outcome.deleted += 1;
    } catch (error) {
      if (error instanceof QbApiError) {
        const { kind, status, intuitTid, faultCode } = error;
        deps.log.warn(
          { approvalId, billId: row.qbBillId, kind, status, intuitTid, faultCode },
          'QuickBooks did not delete a bill payment',
        );
      }
      if (error instanceof QbApiError && (error.kind === 'rejected' || error.kind === 'forbidden')) {
        await settle(deps, row, { deletion: 'failed', error: refusalText(error, paymentId) });
        outcome.failed += 1;
        continue;
      }
      // Throttled or down: this and the rest wait for the job's next attempt.
      if (error instanceof QbApiError) return waitFrom(index, waitingText(error), true);
      // The tokens could not be refreshed (the company's card says why).
      if (error instanceof SyncError || error instanceof HttpError)
        return waitFrom(index, error.message, false);
      throw error;
    }
  }
  return outcome;
}

function refusalText(error: QbApiError, paymentId: string): string {
  if (error.kind === 'forbidden') {
    return `QuickBooks refused access to the company: reconnect it${tidText(error)}`;
  }
  if (error.faultCode === '610') {
    return `QuickBooks has no BillPayment ${paymentId} any more (deleted there by someone else?): check the bill in QuickBooks${tidText(error)}`;
  }
  return `QuickBooks refused to delete BillPayment ${paymentId}${error.fault ? `: ${error.fault}` : ` (HTTP ${error.status ?? 400})`}${tidText(error)}`;
}

/**
 * One row's outcome and its history line, in one transaction; only a pending deletion changes,
 * and a waiting reason goes to history only when it is new.
 */
async function settle(
  deps: Pick<AppDeps, 'db'>,
  row: QbBillPaymentRow,
  values: { deletion: 'pending' | 'deleted' | 'failed'; error: string | null },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await settleDeletion(tx, row, values))) return;
    const payment = `BillPayment ${row.qbPaymentId}, ${usd(row.amountCents)}`;
    let event: { action: string; description: string } | null = null;
    if (values.deletion === 'deleted') {
      event = {
        action: 'approval.qb_bill_payment_deleted',
        description: `QuickBooks bill payment deleted: ${bill(row)} is open again in QuickBooks (${payment}; the bank returned the payment)`,
      };
    } else if (values.deletion === 'failed') {
      event = {
        action: 'approval.qb_bill_payment_delete_failed',
        description: `QuickBooks bill payment not deleted: ${bill(row)} still reads paid in QuickBooks although the bank returned the payment (${payment}): ${values.error}`,
      };
    } else if (values.error !== row.deleteError) {
      event = {
        action: 'approval.qb_bill_payment_delete_waiting',
        description: `QuickBooks bill payment not yet deleted: ${bill(row)} (${payment}): ${values.error}`,
      };
    }
    if (!event) return;
    await recordActivities(tx, [
      {
        userId: null,
        userName: QUICKBOOKS_PAYMENT_ACTOR,
        entityType: 'approval',
        entityId: row.approvalId,
        ...event,
        details: {
          billId: row.qbBillId,
          deletion: values.deletion,
          qbBillPaymentId: row.qbPaymentId,
          error: values.error,
          amount: row.amountCents / 100,
        },
      },
    ]);
  });
}
