/**
 * Recording a completed payment back in QuickBooks: for each bill an approval paid that came from
 * QuickBooks, a BillPayment (`POST /v3/company/{realmId}/billpayment`) by check from the
 * company's QuickBooks bank account (its payment settings), for the amount paid, dated the day
 * the payment was marked completed, linked to the bill. Otherwise the bill stays open there and
 * someone pays it twice.
 *
 * The rows are written with PAYMENT_COMPLETED (qb_bill_payments, one per bill by its primary key)
 * and sent by the 'qb-bill-payment' job, so a crash or a restart leaves them pending and they are
 * sent again: each carries its own `requestid`, fixed when it was written, and QuickBooks answers
 * a requestid it has seen with the payment it created then. A bill therefore gets one BillPayment
 * however often the job runs. A 429 waits its Retry-After and a 5xx is retried with back-off (the
 * accounting client), a 401 refreshes the tokens once; what still fails that way stays pending
 * with its error and the job is retried later. A refusal (QuickBooks' Fault: an unknown bill,
 * more than its open balance…) is final and recorded as the bill's error. Every outcome is on the
 * approval page and in its history.
 */
import { APPROVAL_ERRORS, personName } from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import { findPaymentSettings } from '../payments/payment-accounts.service';
import {
  createdAfterReturn,
  pendingDeletions,
  resetFailedDeletions,
} from './qb-bill-payment-deletions.repository';
import {
  pendingQbBillPayments,
  resetFailedQbBillPayments,
  settleQbBillPayment,
  lockApproval,
  stillToSend,
} from './qb-bill-payments.repository';
import type { QbBillPaymentRow, UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { QbApiError, qbPost, type QbRequestContext, type RealmLimiter } from './client/accounting-client';
import { recordActivities, recordActivity } from '../activity/activity.service';
import { findCompanyRow } from '../companies/companies.service';
import { currentAccessToken, SyncError } from './qb-sync.service';

export interface BillPaymentDeps extends AppDeps {
  qbLimiter: RealmLimiter;
}

/** Who history names for these entries. */
export const QUICKBOOKS_PAYMENT_ACTOR = 'QuickBooks payment';

export interface BillPaymentsOutcome {
  created: number;
  failed: number;
  /** Still pending: throttled, QuickBooks down, or the company cannot send yet. */
  waiting: number;
  /** The reason the waiting ones wait (the job is retried when it is QuickBooks'). */
  retryable: boolean;
}

/** Thrown by the job when some payments wait on QuickBooks itself, so pg-boss retries it later. */
export class BillPaymentsRetry extends Error {}

const short = (id: string) => id.slice(0, 8);
export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const label = (row: Pick<QbBillPaymentRow, 'docNumber' | 'qbBillId'>) =>
  `Bill ${row.docNumber ?? row.qbBillId}`;

/** The job's body: send the approval's pending BillPayments, one by one. */
export async function runBillPayments(
  deps: BillPaymentDeps,
  approvalId: string,
): Promise<BillPaymentsOutcome> {
  const outcome: BillPaymentsOutcome = { created: 0, failed: 0, waiting: 0, retryable: false };
  const rows = await pendingQbBillPayments(deps.db, approvalId);
  if (rows.length === 0) return outcome;
  const companyId = rows[0]!.companyId;

  /** Every pending row keeps waiting, with the reason (written to history when it is new). */
  const waitAll = async (reason: string, retryable: boolean) => {
    for (const row of rows) await settle(deps, row, { status: 'pending', error: reason });
    outcome.waiting = rows.length;
    outcome.retryable = retryable;
    return outcome;
  };

  const company = await findCompanyRow(deps.db, companyId);
  if (!company?.qbRealmId || !company.qbRefreshTokenEnc) {
    return waitAll(
      'The company is not connected to QuickBooks: connect it to record the payment there',
      false,
    );
  }
  if (company.qbConnectionStatus === 'error') {
    return waitAll(
      'QuickBooks refused the connection: reconnect the company to record the payment there',
      false,
    );
  }
  const settings = await findPaymentSettings(deps.db, companyId);
  if (!settings?.qbBankAccountId) {
    return waitAll(
      `No QuickBooks bank account is set in the payment settings of ${company.name}: set it to record the payment there`,
      false,
    );
  }
  const realmId = company.qbRealmId;
  const bankAccountId = settings.qbBankAccountId;
  let accessToken: string;
  try {
    accessToken = await currentAccessToken(deps, companyId, false);
  } catch (error) {
    if (error instanceof SyncError || error instanceof HttpError) return waitAll(error.message, false);
    throw error;
  }
  const context = (): QbRequestContext => ({
    config: deps.config.quickBooks,
    sync: deps.config.qbSync,
    limiter: deps.qbLimiter,
    realmId,
    accessToken,
  });

  for (const row of rows) {
    // Its bill's payment may have been returned (the row cancelled) while the ones before were sent.
    if (!(await stillToSend(deps.db, row))) continue;
    const body = billPaymentBody(row, bankAccountId);
    const params = { requestid: row.requestId };
    try {
      let answer: Record<string, unknown>;
      try {
        answer = await qbPost(context(), 'billpayment', params, body);
      } catch (error) {
        if (!(error instanceof QbApiError) || error.kind !== 'unauthorized') throw error;
        accessToken = await currentAccessToken(deps, companyId, true);
        answer = await qbPost(context(), 'billpayment', params, body);
      }
      const created = answer.BillPayment as { Id?: unknown } | undefined;
      if (typeof created?.Id !== 'string') throw new QbApiError('bad_response', 200);
      await settle(deps, row, { status: 'created', qbPaymentId: created.Id.slice(0, 20), error: null });
      outcome.created += 1;
    } catch (error) {
      if (error instanceof QbApiError) {
        const { kind, status, intuitTid } = error;
        deps.log.warn(
          { approvalId, billId: row.qbBillId, kind, status, intuitTid },
          'QuickBooks did not record a bill payment',
        );
      }
      if (error instanceof QbApiError && (error.kind === 'rejected' || error.kind === 'forbidden')) {
        await settle(deps, row, { status: 'failed', error: refusalText(error) });
        outcome.failed += 1;
        continue;
      }
      if (error instanceof QbApiError) {
        // Throttled or down: this and the rest wait for the job's next attempt.
        const reason = waitingText(error);
        const rest = rows.slice(rows.indexOf(row));
        for (const waiting of rest) await settle(deps, waiting, { status: 'pending', error: reason });
        outcome.waiting = rest.length;
        outcome.retryable = true;
        return outcome;
      }
      if (error instanceof SyncError || error instanceof HttpError) {
        // The tokens could not be refreshed (the company's card says why).
        const rest = rows.slice(rows.indexOf(row));
        for (const waiting of rest) await settle(deps, waiting, { status: 'pending', error: error.message });
        outcome.waiting = rest.length;
        return outcome;
      }
      throw error;
    }
  }
  return outcome;
}

/**
 * 'Retry' (ADMIN) on the approval page: its refused BillPayments are pending again, each with a new
 * requestid (resetFailedQbBillPayments says why that cannot pay twice), and so are the refused
 * deletions of returned bills' BillPayments, recorded in history; the caller then sends them (the
 * job, or this process). Payments and deletions still waiting are sent again with their own
 * requestid. Nothing refused or waiting: 409. Answers how many will be sent.
 */
export async function retryBillPayments(
  deps: Pick<AppDeps, 'db'>,
  actor: UserRow,
  approvalId: string,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    if (!(await lockApproval(tx, approvalId))) throw notFound(APPROVAL_ERRORS.notFound);
    const reset = await resetFailedQbBillPayments(tx, approvalId);
    for (const row of reset) {
      await recordActivity(tx, actor, 'approval', approvalId, {
        action: 'approval.qb_bill_payment_retry',
        description: `${personName(actor)} retried recording ${label(row)} (${usd(row.amountCents)}) as paid in QuickBooks; it had failed: ${row.error ?? 'no reason given'}`,
        details: { billId: row.qbBillId, error: row.error },
      });
    }
    for (const row of await resetFailedDeletions(tx, approvalId)) {
      await recordActivity(tx, actor, 'approval', approvalId, {
        action: 'approval.qb_bill_payment_delete_retry',
        description: `${personName(actor)} retried deleting the QuickBooks bill payment of bill ${row.docNumber ?? row.qbBillId} (BillPayment ${row.qbPaymentId}); it had failed: ${row.deleteError ?? 'no reason given'}`,
        details: { billId: row.qbBillId, qbBillPaymentId: row.qbPaymentId, error: row.deleteError },
      });
    }
    const waiting =
      (await pendingQbBillPayments(tx, approvalId)).length + (await pendingDeletions(tx, approvalId)).length;
    if (waiting === 0) throw new HttpError(409, 'CONFLICT', APPROVAL_ERRORS.noBillPaymentToRetry);
    return waiting;
  });
}

/** Intuit's BillPayment by check: one line paying the bill's amount, linked to the bill. */
export function billPaymentBody(
  row: Pick<QbBillPaymentRow, 'vendorRef' | 'amountCents' | 'txnDate' | 'qbBillId' | 'approvalId'>,
  bankAccountId: string,
): Record<string, unknown> {
  const amount = row.amountCents / 100;
  return {
    VendorRef: { value: row.vendorRef ?? '' },
    PayType: 'Check',
    CheckPayment: { BankAccountRef: { value: bankAccountId } },
    TotalAmt: amount,
    TxnDate: row.txnDate,
    PrivateNote: `Paid by bank file of approval ${short(row.approvalId)}`,
    Line: [{ Amount: amount, LinkedTxn: [{ TxnId: row.qbBillId, TxnType: 'Bill' }] }],
  };
}

/**
 * The id Intuit's support finds the refused request by, for whoever reports it to them. (A waiting
 * reason goes without it: each attempt has its own, and the reason is recorded only when it changes.)
 */
export const tidText = (error: QbApiError) => (error.intuitTid ? ` (intuit_tid ${error.intuitTid})` : '');

function refusalText(error: QbApiError): string {
  if (error.kind === 'forbidden') {
    return `QuickBooks refused access to the company: reconnect it${tidText(error)}`;
  }
  return `QuickBooks refused the payment${error.fault ? `: ${error.fault}` : ` (HTTP ${error.status ?? 400})`}${tidText(error)}`;
}

export function waitingText(error: QbApiError): string {
  switch (error.kind) {
    case 'throttled':
      return 'QuickBooks is throttling requests (429); retried later';
    case 'server_error':
      return `QuickBooks answered with a server error (HTTP ${error.status ?? 500}); retried later`;
    case 'unauthorized':
      return 'QuickBooks refused the access token; retried later';
    default:
      return 'QuickBooks could not be reached; retried later';
  }
}

/**
 * One row's outcome and its history line, in one transaction. Only a row still pending changes
 * (a second run of the job records nothing twice); a waiting row's reason goes to history only
 * when it is new.
 */
async function settle(
  deps: Pick<AppDeps, 'db'>,
  row: QbBillPaymentRow,
  values: { status: 'pending' | 'created' | 'failed'; qbPaymentId?: string | null; error: string | null },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const changed = await settleQbBillPayment(tx, row, values);
    const amount = usd(row.amountCents);
    if (!changed && values.status === 'created' && values.qbPaymentId) {
      // Sent before the bill's return was applied, created after: deleted again like the others.
      if (!(await createdAfterReturn(tx, row, values.qbPaymentId))) return;
      await recordActivities(tx, [
        {
          userId: null,
          userName: QUICKBOOKS_PAYMENT_ACTOR,
          entityType: 'approval',
          entityId: row.approvalId,
          action: 'approval.qb_bill_payment',
          description: `${label(row)} recorded as paid in QuickBooks: BillPayment ${values.qbPaymentId}, ${amount} on ${row.txnDate}; the bank had returned the payment meanwhile, so it is deleted there again`,
          details: { billId: row.qbBillId, status: 'created', qbBillPaymentId: values.qbPaymentId },
        },
      ]);
      return;
    }
    if (!changed) return;
    let event: { action: string; description: string } | null = null;
    if (values.status === 'created') {
      event = {
        action: 'approval.qb_bill_payment',
        description: `${label(row)} recorded as paid in QuickBooks: BillPayment ${values.qbPaymentId}, ${amount} on ${row.txnDate}`,
      };
    } else if (values.status === 'failed') {
      event = {
        action: 'approval.qb_bill_payment_failed',
        description: `${label(row)} (${amount}) was not recorded as paid in QuickBooks: ${values.error}`,
      };
    } else if (values.error !== row.error) {
      event = {
        action: 'approval.qb_bill_payment_waiting',
        description: `${label(row)} (${amount}) not yet recorded as paid in QuickBooks: ${values.error}`,
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
          status: values.status,
          qbBillPaymentId: values.qbPaymentId ?? null,
          error: values.error,
          amount: row.amountCents / 100,
        },
      },
    ]);
  });
}

// What a completed payment writes for QuickBooks in its own transaction (flows/payment-status.ts).
export { queueQbBillPayments } from './qb-bill-payments.repository';
