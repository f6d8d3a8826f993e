// Bill payments of a realm, as Intuit's API takes them: creating one by check against open bills,
// and deleting one (the bills it paid owe the amount again). Refusals are Intuit's Faults.
import { isoDate, isoTime, type Bill, type BillPayment, type RealmData, type Vendor } from './accounting';

/**
 * A request QuickBooks refuses: answered 400 with a `Fault` of this type and code, as Intuit
 * words it (`Message` the kind of error, `Detail` what was wrong).
 */
export class PaymentFault extends Error {
  constructor(
    readonly type: 'ValidationFault',
    readonly code: string,
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

const cents = (amount: number) => Math.round(amount * 100);
const REQUIRED = 'Required param missing, need to supply the required value for the API';
const INVALID_REFERENCE = 'Invalid Reference Id';
const BUSINESS = 'A business validation error has occurred while processing your request';

function reference(value: unknown): string | undefined {
  const ref = (value as { value?: unknown } | undefined)?.value;
  return typeof ref === 'string' && ref.trim() !== '' ? ref.trim() : undefined;
}

/**
 * The bills a payment's lines pay, and how much of each: one LinkedTxn of type Bill per line, of
 * the payment's vendor, never more than a bill's open Balance over all lines (a Fault otherwise).
 */
function appliedLines(
  data: RealmData,
  vendor: Vendor,
  lines: Array<Record<string, unknown>>,
): Array<{ bill: Bill; amount: number }> {
  const applied: Array<{ bill: Bill; amount: number }> = [];
  for (const line of lines) {
    const amount = line.Amount;
    const linked = Array.isArray(line.LinkedTxn) ? (line.LinkedTxn as Array<Record<string, unknown>>) : [];
    const txn = linked[0];
    if (
      typeof amount !== 'number' ||
      !Number.isFinite(amount) ||
      amount <= 0 ||
      linked.length !== 1 ||
      txn?.TxnType !== 'Bill' ||
      typeof txn.TxnId !== 'string'
    ) {
      throw new PaymentFault(
        'ValidationFault',
        '2020',
        REQUIRED,
        'Each Line needs a positive Amount and one LinkedTxn {TxnId, TxnType: Bill}',
      );
    }
    const bill = data.bills.find((candidate) => candidate.Id === txn.TxnId);
    if (!bill) {
      throw new PaymentFault(
        'ValidationFault',
        '2500',
        INVALID_REFERENCE,
        `Invalid Reference Id : Bill ${txn.TxnId.slice(0, 20)} does not exist`,
      );
    }
    if (bill.VendorRef.value !== vendor.Id) {
      throw new PaymentFault(
        'ValidationFault',
        '6000',
        BUSINESS,
        `Business Validation Error: Bill ${bill.Id} belongs to another vendor`,
      );
    }
    const already = applied
      .filter((entry) => entry.bill === bill)
      .reduce((sum, entry) => sum + cents(entry.amount), 0);
    if (cents(amount) + already > cents(bill.Balance)) {
      throw new PaymentFault(
        'ValidationFault',
        '6000',
        BUSINESS,
        `Business Validation Error: The payment amount of ${amount.toFixed(2)} is more than the open balance of ${bill.Balance.toFixed(2)} of Bill ${bill.Id}`,
      );
    }
    applied.push({ bill, amount });
  }
  return applied;
}

/**
 * `POST /billpayment`: a bill payment by check. Validated as Intuit does (required VendorRef,
 * PayType, CheckPayment.BankAccountRef of a bank account, TotalAmt and lines linking bills; a
 * missing or unknown vendor, bank account or bill, a bill of another vendor, or more than a bill's
 * open Balance is a Fault); each linked bill's Balance goes down, and its SyncToken and
 * LastUpdatedTime move on. Answers the payment as stored.
 */
export function createBillPayment(data: RealmData, body: unknown, now: number): BillPayment {
  const input = (body ?? {}) as Record<string, unknown>;
  if (input.Id !== undefined) {
    throw new PaymentFault(
      'ValidationFault',
      '2010',
      'Request has invalid or unsupported property',
      'Property Name:Id is not supported when creating a BillPayment',
    );
  }
  const vendorId = reference(input.VendorRef);
  if (!vendorId)
    throw new PaymentFault(
      'ValidationFault',
      '2020',
      REQUIRED,
      'Required parameter VendorRef is missing in the request',
    );
  const vendor = data.vendors.find((candidate) => candidate.Id === vendorId);
  if (!vendor || !vendor.Active) {
    throw new PaymentFault(
      'ValidationFault',
      '2500',
      INVALID_REFERENCE,
      `Invalid Reference Id : Vendor assigned to this transaction has been deleted or does not exist (Id ${vendorId.slice(0, 20)})`,
    );
  }
  if (input.PayType === undefined)
    throw new PaymentFault(
      'ValidationFault',
      '2020',
      REQUIRED,
      'Required parameter PayType is missing in the request',
    );
  if (input.PayType !== 'Check') {
    throw new PaymentFault(
      'ValidationFault',
      '2010',
      'Request has invalid or unsupported property',
      'Property Name:PayType: only Check is supported by this emulator',
    );
  }
  const bankId = reference((input.CheckPayment as { BankAccountRef?: unknown } | undefined)?.BankAccountRef);
  if (!bankId)
    throw new PaymentFault(
      'ValidationFault',
      '2020',
      REQUIRED,
      'Required parameter CheckPayment.BankAccountRef is missing in the request',
    );
  const bank = data.bankAccounts.find((candidate) => candidate.Id === bankId && candidate.Active);
  if (!bank) {
    throw new PaymentFault(
      'ValidationFault',
      '2500',
      INVALID_REFERENCE,
      `Invalid Reference Id : Account assigned to this transaction is not a bank account or does not exist (Id ${bankId.slice(0, 20)})`,
    );
  }
  const total = input.TotalAmt;
  if (typeof total !== 'number' || !Number.isFinite(total) || total <= 0) {
    throw new PaymentFault(
      'ValidationFault',
      '2020',
      REQUIRED,
      'Required parameter TotalAmt is missing or not a positive amount',
    );
  }
  const lines = Array.isArray(input.Line) ? (input.Line as Array<Record<string, unknown>>) : [];
  if (lines.length === 0)
    throw new PaymentFault(
      'ValidationFault',
      '2020',
      REQUIRED,
      'Required parameter Line is missing in the request',
    );
  const applied = appliedLines(data, vendor, lines);
  if (applied.reduce((sum, entry) => sum + cents(entry.amount), 0) > cents(total)) {
    throw new PaymentFault(
      'ValidationFault',
      '6000',
      BUSINESS,
      'Business Validation Error: The lines add up to more than TotalAmt',
    );
  }
  const txnDate =
    typeof input.TxnDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input.TxnDate)
      ? input.TxnDate
      : isoDate(now);
  const time = isoTime(now);
  for (const { bill, amount } of applied) {
    bill.Balance = (cents(bill.Balance) - cents(amount)) / 100;
    bill.SyncToken = String(Number(bill.SyncToken) + 1);
    bill.MetaData.LastUpdatedTime = time;
  }
  const payment: BillPayment = {
    Id: String(5000 + data.billPaymentIds),
    SyncToken: '0',
    VendorRef: { value: vendor.Id, name: vendor.DisplayName },
    PayType: 'Check',
    CheckPayment: { BankAccountRef: { value: bank.Id, name: bank.Name }, PrintStatus: 'NotSet' },
    TotalAmt: total,
    TxnDate: txnDate,
    ...(typeof input.DocNumber === 'string' ? { DocNumber: input.DocNumber.slice(0, 21) } : {}),
    ...(typeof input.PrivateNote === 'string' ? { PrivateNote: input.PrivateNote.slice(0, 4000) } : {}),
    Line: applied.map(({ bill, amount }) => ({
      Amount: amount,
      LinkedTxn: [{ TxnId: bill.Id, TxnType: 'Bill' }],
    })),
    CurrencyRef: { value: 'USD', name: 'United States Dollar' },
    MetaData: { CreateTime: time, LastUpdatedTime: time },
  };
  data.billPaymentIds += 1;
  data.billPayments.push(payment);
  return payment;
}

/**
 * `POST /billpayment?operation=delete` with `{Id, SyncToken}`: the payment is removed and each bill
 * it paid owes that amount again (Balance up, SyncToken and LastUpdatedTime moved on), as when a
 * bookkeeper deletes it in QuickBooks. An unknown (or already deleted) Id is Intuit's 610 Object Not
 * Found; a SyncToken that is not the payment's current one its 5010 Stale Object Error, and nothing
 * changes. Answers the deleted payment.
 */
export function deleteBillPayment(data: RealmData, body: unknown, now: number): BillPayment {
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input.Id !== 'string' || input.Id === '' || typeof input.SyncToken !== 'string') {
    throw new PaymentFault(
      'ValidationFault',
      '2020',
      REQUIRED,
      'Required parameters Id and SyncToken are missing in the request',
    );
  }
  const index = data.billPayments.findIndex((candidate) => candidate.Id === input.Id);
  const payment = data.billPayments[index];
  if (!payment) {
    throw new PaymentFault(
      'ValidationFault',
      '610',
      'Object Not Found',
      `Object Not Found : BillPayment ${input.Id.slice(0, 20)} does not exist or has been deleted`,
    );
  }
  if (input.SyncToken !== payment.SyncToken) {
    throw new PaymentFault(
      'ValidationFault',
      '5010',
      'Stale Object Error',
      `Stale Object Error : You and another user were working on BillPayment ${payment.Id} at the same time (SyncToken ${input.SyncToken.slice(0, 10)} is not ${payment.SyncToken})`,
    );
  }
  const time = isoTime(now);
  for (const line of payment.Line) {
    for (const linked of line.LinkedTxn) {
      const bill = data.bills.find((candidate) => candidate.Id === linked.TxnId);
      if (!bill) continue; // deleted since: nothing left to owe
      bill.Balance = Math.min(cents(bill.TotalAmt), cents(bill.Balance) + cents(line.Amount)) / 100;
      bill.SyncToken = String(Number(bill.SyncToken) + 1);
      bill.MetaData.LastUpdatedTime = time;
    }
  }
  data.billPayments.splice(index, 1);
  return payment;
}
