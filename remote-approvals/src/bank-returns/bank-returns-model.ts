// What the Bank returns page and the approval page show of returns and reconciliation, apart from
// how they show it: the 'Returned: …' line of a bill, a bank file's totals, and the words and
// colours of an entry's status and of a return line's outcome.
import {
  BANK_RECONCILIATION_TEXT,
  BANK_RETURNS_PAGE_TEXT,
  returnedPaymentLine,
  type BankFileReconEntry,
  type BankFileSummary,
} from 'shared-contracts';
import type { BadgeStyle } from 'shared-ui';
import { formatUsd } from 'shared-ui/format';

const TOTALS = BANK_RETURNS_PAGE_TEXT.bankFiles.totals;

/** Cents as dollars, '$1,234.50'. */
export const centsToUsd = (cents: number): string => formatUsd(cents / 100);

/** One returned bill of a bank file and the sentence that says so. */
export interface ReturnedPayment {
  billId: string;
  text: string;
}

/**
 * 'Returned: R03 No account / unable to locate account — $1,234.50 to Baker & Lane LLP' for each
 * returned entry, in the file's order.
 */
export function returnedPayments(entries: readonly BankFileReconEntry[]): ReturnedPayment[] {
  return entries
    .filter((entry) => entry.status === 'RETURNED')
    .map((entry) => ({
      billId: entry.billId,
      text: returnedPaymentLine(
        entry.returnCode ?? '',
        entry.returnDescription ?? '',
        centsToUsd(entry.amountCents),
        entry.vendorName,
      ),
    }));
}

/** One figure of a bank file's totals. */
export interface ReconciliationTotal {
  key: 'sent' | 'paid' | 'returned' | 'corrected';
  label: string;
  /** Dollars, or the count where the figure has no amount (corrected entries). */
  value: string;
  detail: string;
  palette: BadgeStyle['palette'];
}

const count = (n: number) => BANK_RETURNS_PAGE_TEXT.bankFiles.entryCount(n);

/**
 * Sent, paid and returned (amount and number of payments), and the corrected count when a
 * notification of change came: what a reader checks against the bank's statement.
 */
export function reconciliationTotals(file: BankFileSummary): ReconciliationTotal[] {
  const totals: ReconciliationTotal[] = [
    {
      key: 'sent',
      label: TOTALS.sent,
      value: centsToUsd(file.sentCents),
      detail: count(file.entryCount),
      palette: 'gray',
    },
    { key: 'paid', label: TOTALS.paid, value: centsToUsd(file.paidCents), detail: '', palette: 'green' },
    {
      key: 'returned',
      label: TOTALS.returned,
      value: centsToUsd(file.returnedCents),
      detail: count(file.returnedCount),
      palette: file.returnedCount > 0 ? 'red' : 'gray',
    },
  ];
  if (file.correctedCount > 0) {
    totals.push({
      key: 'corrected',
      label: TOTALS.corrected,
      value: file.correctedCount.toLocaleString('en-US'),
      detail: '',
      palette: 'orange',
    });
  }
  return totals;
}

const ENTRY_PALETTES: Record<BankFileReconEntry['status'], BadgeStyle['palette']> = {
  SENT: 'blue',
  PAID: 'green',
  RETURNED: 'red',
  CORRECTED: 'orange',
};

/** An entry's status in words and colour: Sent, Paid, Returned, Corrected. */
export const entryStatusStyle = (status: BankFileReconEntry['status']): BadgeStyle => ({
  label: BANK_RECONCILIATION_TEXT.entryStatus[status] ?? status,
  palette: ENTRY_PALETTES[status] ?? 'gray',
});

const OUTCOME_PALETTES: Record<string, BadgeStyle['palette']> = {
  RETURNED: 'red',
  CORRECTED: 'orange',
  UNMATCHED: 'gray',
  MISMATCH: 'yellow',
};

/** A return line's outcome in words and colour; an outcome the console does not know reads as sent. */
export const outcomeStyle = (outcome: string): BadgeStyle => ({
  label: BANK_RETURNS_PAGE_TEXT.outcome[outcome] ?? outcome,
  palette: OUTCOME_PALETTES[outcome] ?? 'gray',
});

/** The bills of a bank file the simulator may still return (a bill comes back once). */
export const returnableEntries = (entries: readonly BankFileReconEntry[]): BankFileReconEntry[] =>
  entries.filter((entry) => entry.status !== 'RETURNED');
