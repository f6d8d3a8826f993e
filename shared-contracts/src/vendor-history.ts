import * as v from 'valibot';

// What an approver sees of a vendor before deciding a payment to it: what it was paid before and
// whether its bank account changed lately (a changed account just before a payment is the classic
// sign of a redirected payment).

/** How many earlier payments are listed per vendor, and how many paid amounts the typical one is taken from. */
export const VENDOR_HISTORY_LIMITS = { payments: 5, typicalOf: 20, accountChangeDays: 30 } as const;

export const VENDOR_PAYMENT_STATUSES = ['paid', 'returned'] as const;

/** One earlier credit to the vendor in a bank file the console wrote. Amounts in cents. */
export const VendorPaymentSchema = v.object({
  approvalId: v.string(),
  amountCents: v.number(),
  /** 'YYYY-MM-DD': the date the bank file asked the bank to settle on. */
  paidOn: v.string(),
  status: v.picklist(VENDOR_PAYMENT_STATUSES),
});
export type VendorPayment = v.InferOutput<typeof VendorPaymentSchema>;

export const VendorHistoryEntrySchema = v.object({
  vendorRef: v.string(),
  vendorName: v.string(),
  /** Newest first, this approval's own payments left out. */
  payments: v.array(VendorPaymentSchema),
  /** The median of the vendor's last paid amounts (returned ones left out); null: never paid. */
  typicalCents: v.nullable(v.number()),
  /** The latest change of the vendor's bank account when it was within the last 30 days; null otherwise. */
  accountChange: v.nullable(
    v.object({
      daysAgo: v.number(),
      /** Who entered it (null: that person's account was deleted). */
      changedBy: v.nullable(v.string()),
    }),
  ),
});
export type VendorHistoryEntry = v.InferOutput<typeof VendorHistoryEntrySchema>;

/** GET …/approvals/{id}/vendor-history: per vendor of the approval's bills, in the bills' order. */
export const VendorHistorySchema = v.object({ vendors: v.array(VendorHistoryEntrySchema) });
export type VendorHistory = v.InferOutput<typeof VendorHistorySchema>;

/** The approval page's vendor strip. Amounts and dates arrive already formatted ('$1,200.00', 'Nov 3'). */
export const VENDOR_HISTORY_TEXT = {
  title: 'Vendor history',
  description: 'What each vendor was paid before, and whether its bank account changed lately',
  firstPayment: 'First payment to this vendor',
  lastPayments: 'Last payments:',
  payment: (amount: string, date: string, returned: boolean) =>
    `${amount} ${date}${returned ? ' (returned)' : ''}`,
  typical: (amount: string) => `typical ${amount}`,
  accountChanged: (daysAgo: number, changedBy: string | null) =>
    `Bank account changed ${daysAgo === 0 ? 'today' : daysAgo === 1 ? '1 day ago' : `${daysAgo} days ago`}${
      changedBy ? ` by ${changedBy}` : ''
    }`,
  separator: ' · ',
} as const;
