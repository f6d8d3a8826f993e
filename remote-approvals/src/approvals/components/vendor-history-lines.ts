import { format } from 'date-fns';
import { VENDOR_HISTORY_TEXT, type VendorHistoryEntry } from 'shared-contracts';
import { FALLBACK, formatUsd, toDate } from 'shared-ui/format';

/** A change this recent is said in red (the window a redirected payment is usually sent in); older ones in orange. */
const URGENT_CHANGE_DAYS = 7;

/** 'Nov 3' this year, 'Nov 3, 2025' before it: the strip is read beside recent bills. */
export function paidOnLabel(paidOn: string, now: Date = new Date()): string {
  const date = toDate(paidOn);
  if (!date) return FALLBACK;
  return format(date, date.getFullYear() === now.getFullYear() ? 'MMM d' : 'MMM d, yyyy');
}

/**
 * The vendor's payments in one line: 'Last payments: $1,200.00 Nov 3 · $980.00 Oct 2 · typical
 * $1,090.00', or that this is the first payment to it.
 */
export function paymentsLine(entry: VendorHistoryEntry, now: Date = new Date()): string {
  if (entry.payments.length === 0) return VENDOR_HISTORY_TEXT.firstPayment;
  const parts = entry.payments.map((payment) =>
    VENDOR_HISTORY_TEXT.payment(
      formatUsd(payment.amountCents / 100),
      paidOnLabel(payment.paidOn, now),
      payment.status === 'returned',
    ),
  );
  if (entry.typicalCents !== null)
    parts.push(VENDOR_HISTORY_TEXT.typical(formatUsd(entry.typicalCents / 100)));
  return `${VENDOR_HISTORY_TEXT.lastPayments} ${parts.join(VENDOR_HISTORY_TEXT.separator)}`;
}

/** The warning of a recent account change, and its colour; null when the account did not change lately. */
export function accountChangeWarning(
  entry: VendorHistoryEntry,
): { text: string; color: 'red.fg' | 'orange.fg' } | null {
  const change = entry.accountChange;
  if (!change) return null;
  return {
    text: VENDOR_HISTORY_TEXT.accountChanged(change.daysAgo, change.changedBy),
    color: change.daysAgo <= URGENT_CHANGE_DAYS ? 'red.fg' : 'orange.fg',
  };
}
