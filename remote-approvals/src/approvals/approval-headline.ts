// What an approval decides, in one line, for the top of its page: who is paid, how much, how many
// bills and when the first is due ("Ironclad Fabrication · $39,584.05 · 4 bills · first due Dec 9"),
// then the step it waits for. The id and the bookkeeping come after.
import type { Approval, Bill } from 'shared-contracts';
import { formatUsd, toDate } from 'shared-ui/format';

/** Vendors named before the rest are counted ('A, B and 3 more'). */
const NAMED_VENDORS = 2;

/** The bills' vendors in bill order, each once: 'A', 'A and B', 'A, B and 3 more'. */
export function vendorsLabel(bills: readonly Bill[]): string {
  const names = [
    ...new Set(bills.map((bill) => bill.VendorRef?.name || bill.VendorInfo?.CompanyName || 'Unknown vendor')),
  ];
  if (names.length === 0) return 'No bills';
  if (names.length <= NAMED_VENDORS) return names.join(' and ');
  return `${names.slice(0, NAMED_VENDORS).join(', ')} and ${names.length - NAMED_VENDORS} more`;
}

/** 'first due Dec 9' (the earliest due date; the year when it is not this year's), or null. */
export function firstDueLabel(bills: readonly Bill[], now: Date = new Date()): string | null {
  const dates = bills
    .map((bill) => toDate(bill.DueDate))
    .filter((date): date is Date => date !== null)
    .sort((a, b) => a.getTime() - b.getTime());
  const first = dates[0];
  if (!first) return null;
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  if (first.getFullYear() !== now.getFullYear()) options.year = 'numeric';
  return `first due ${first.toLocaleDateString('en-US', options)}`;
}

/** The headline: vendors · total · bills · first due. */
export function approvalHeadline(
  approval: Pick<Approval, 'billStats'>,
  bills: readonly Bill[],
  now?: Date,
): string {
  const count = approval.billStats.totalBills || bills.length;
  return [
    vendorsLabel(bills),
    formatUsd(approval.billStats.totalAmount),
    `${count} bill${count === 1 ? '' : 's'}`,
    firstDueLabel(bills, now),
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** 'Step 2 of 2 — waiting for any admin' while a step waits; null otherwise. */
export function waitingStepLabel(
  approval: Pick<Approval, 'status' | 'currentStep' | 'stepCount' | 'currentStepLabel'>,
): string | null {
  if (approval.status !== 'PENDING' || !approval.currentStep || approval.stepCount === 0) return null;
  const who = approval.currentStepLabel ?? 'a decision';
  return `Step ${approval.currentStep} of ${approval.stepCount} — waiting for ${who}`;
}
