import { and, eq, inArray, or } from 'drizzle-orm';
import { billNumberKey, docNumberKey, toCents, type Bill } from 'shared-contracts';
import type { Db } from '../../db/client';
import { paidBills } from '../../db/schema';

/**
 * Bills already paid, as the bank files wrote them down (paid_bills): creating an approval and
 * writing a file both refuse a bill found here, and the QuickBooks import skips one.
 */

/**
 * Paid bills of the company that may be one of these bills: the same id, or the same vendor,
 * invoice number (normalised) and amount.
 */
async function findPaidBillsLike(db: Db, companyId: number, bills: Bill[]) {
  const keyed = bills
    .flatMap((bill) =>
      // The older key (docNumberKey) of bills paid before the duplicate rule, and billNumberKey.
      [...new Set([docNumberKey(bill.DocNumber), billNumberKey(bill.DocNumber)])].map((key) => ({
        bill,
        key,
        vendorRef: bill.VendorRef?.value,
      })),
    )
    .filter((entry) => entry.key !== null && entry.vendorRef);
  const sameBill = or(
    inArray(
      paidBills.billId,
      bills.map((bill) => bill.Id),
    ),
    ...keyed.map((entry) =>
      and(
        eq(paidBills.vendorRef, entry.vendorRef!),
        eq(paidBills.docNumberKey, entry.key!),
        eq(paidBills.amountCents, toCents(entry.bill.TotalAmt)),
      ),
    ),
  );
  return db
    .select({
      billId: paidBills.billId,
      approvalId: paidBills.approvalId,
      vendorRef: paidBills.vendorRef,
      docNumberKey: paidBills.docNumberKey,
      amountCents: paidBills.amountCents,
    })
    .from(paidBills)
    .where(and(eq(paidBills.companyId, companyId), sameBill));
}

/**
 * Paid bills of the company that are one of these bills: the same id, or the same vendor, invoice
 * number (normalised) and amount under another id.
 */
export async function paidBillsMatching(
  db: Db,
  companyId: number,
  bills: Bill[],
): Promise<Array<{ bill: string; approvalId: string }>> {
  if (bills.length === 0) return [];
  const rows = await findPaidBillsLike(db, companyId, bills);
  return bills.flatMap((bill) => {
    // Rows paid before the duplicate rule hold the older key (docNumberKey); later ones billNumberKey.
    const keys = [docNumberKey(bill.DocNumber), billNumberKey(bill.DocNumber)].filter((key) => key !== null);
    const match = rows.find(
      (paid) =>
        paid.billId === bill.Id ||
        (keys.length > 0 &&
          paid.vendorRef === (bill.VendorRef?.value ?? null) &&
          keys.includes(paid.docNumberKey ?? '') &&
          paid.amountCents === toCents(bill.TotalAmt)),
    );
    return match
      ? [{ bill: bill.DocNumber ? `${bill.Id} (${bill.DocNumber})` : bill.Id, approvalId: match.approvalId }]
      : [];
  });
}
