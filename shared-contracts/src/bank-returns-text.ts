import type { ApprovalStatus } from './statuses';

// What the console says about returns, notifications of change and the reconciliation of bank
// files: the Bank returns page, the approval page, vendor accounts and the dashboard.

/**
 * Every approval status in words, as badges, filters and the palette say it: phrases, not codes
 * ('Bank file ready', not 'Nacha Generated'). The codes stay in the API, the CSV and the URL.
 */
export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
  NACHA_GENERATED: 'Bank file ready',
  NACHA_PENDING: 'Bank file waiting',
  BANK_UPLOADED: 'Sent to the bank',
  PAYMENT_COMPLETED: 'Paid',
  PAYMENT_RETURNED: 'Payment returned',
  PAYMENT_PARTLY_RETURNED: 'Partly returned',
};

/** The line of a returned bill, given its amount already in dollars ('$1,234.50'). */
export const returnedPaymentLine = (code: string, description: string, amount: string, vendor: string) =>
  `Returned: ${code} ${description} — ${amount} to ${vendor}`;

/** A vendor's account blocked by a return that says it cannot take a payment again. */
export const blockedAccountLine = (code: string, description: string) =>
  `Blocked after return ${code} ${description} — change it and have a second person confirm`;

/** A vendor's account the bank corrected (notification of change); `pending` while unconfirmed. */
export const correctedAccountLine = (code: string, description: string, pending: boolean) =>
  `Bank correction ${code} ${description} — ${pending ? 'pending confirmation by a second person' : 'confirmed'}`;

export const BANK_RETURNS_PAGE_TEXT = {
  title: 'Bank returns',
  description:
    'Return files and notifications of change the bank sent back, and what became of each payment of the bank files',
  tabs: { returnFiles: 'Return files', bankFiles: 'Bank files' },
  upload: {
    title: 'Apply a return file',
    description:
      'The file the bank sent back (returns or notifications of change). Matched returns reopen their bills; lines that match nothing change nothing. The same file twice changes nothing.',
    fileLabel: 'Return file',
    submit: 'Apply file',
    pending: 'Applying...',
    chooseFile: 'Choose the return file first',
    failed: 'The return file was not applied',
    readFailed: 'The file could not be read',
  },
  returnFiles: {
    noun: { one: 'return file', other: 'return files' },
    caption: 'Return files applied',
    emptyTitle: 'No return files yet',
    emptyDescription: 'Files the bank sends back appear here once an administrator applies them',
    fetchFailed: 'Failed to fetch return files',
    counts: (returned: number, unmatched: number, mismatch: number, corrected: number) =>
      `${returned} returned, ${corrected > 0 ? `${corrected} corrected, ` : ''}${unmatched} unmatched, ${mismatch} mismatched`,
    correctedData: (data: string) => `The bank says: ${data}`,
    uploadedBy: (who: string) => `by ${who}`,
    noLines: 'No lines',
  },
  /** A return file's line outcome in words. */
  outcome: {
    RETURNED: 'Returned',
    CORRECTED: 'Corrected',
    UNMATCHED: 'Unmatched',
    MISMATCH: 'Mismatch',
  } as Record<string, string>,
  bankFiles: {
    noun: { one: 'bank file', other: 'bank files' },
    caption: 'Bank files',
    emptyTitle: 'No bank files yet',
    emptyDescription: 'A bank file appears here once an approved approval has one written',
    fetchFailed: 'Failed to fetch bank files',
    detailFailed: 'Failed to fetch the bank file',
    batch: (batchNumber: number) => `Batch ${batchNumber}`,
    downloadCsv: 'Download CSV',
    csvFailed: 'Failed to download the reconciliation',
    csvStarted: 'Reconciliation download started',
    entriesTitle: 'Entries',
    entriesCaption: 'Entries of the bank file',
    returnFilesTitle: 'Return files applied to this file',
    noReturnFiles: 'No return file changed this bank file yet',
    totals: { sent: 'Sent', paid: 'Paid', returned: 'Returned', corrected: 'Corrected' },
    entryCount: (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`,
  },
  reconciliation: {
    title: 'Bank file reconciliation',
    description: 'What the bank file sent, what was paid and what came back',
    openFile: 'Open the bank file',
  },
  returnedAlertTitle: (count: number) =>
    count === 1 ? 'A payment came back from the bank' : `${count} payments came back from the bank`,
  returnedAlertHint:
    'A returned bill is open again: only a new approval pays it. Change a blocked account before that.',
  simulator: {
    action: 'Simulate a bank return',
    title: 'Simulate a bank return',
    description:
      'Demo only: the bank simulator writes a return file for the chosen bills and the console applies it, as if the bank had sent it.',
    billsLabel: 'Bills to return',
    codeLabel: 'Return reason code',
    confirm: 'Apply return',
    pending: 'Applying...',
  },
  dashboard: {
    title: 'Returned this month',
    hint: 'Payments the bank sent back',
    link: (count: number) => `${count.toLocaleString('en-US')} returned this month`,
    /** Beside it when some approvals came back only in part. */
    partlyLink: (count: number) => `${count.toLocaleString('en-US')} partly returned`,
  },
} as const;
