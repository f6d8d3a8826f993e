import type { PaymentsBoardStatus } from './payments-board';

// What the payments board and the dashboard's "Your work" card say.

const n = (count: number) => count.toLocaleString('en-US');

export const PAYMENTS_BOARD_TEXT = {
  title: 'Payments',
  description: 'Approved payments on their way to the vendors: bank file, sent to the bank, paid',
  columns: {
    APPROVED: 'Approved',
    NACHA_GENERATED: 'File generated',
    BANK_UPLOADED: 'Uploaded',
    PAYMENT_COMPLETED: 'Paid',
  } satisfies Record<PaymentsBoardStatus, string>,
  /** The next step of a column's approvals, taken on the approval's page. */
  nextStep: {
    APPROVED: 'Next: generate the bank file',
    NACHA_GENERATED: 'Next: send the file to the bank',
    BANK_UPLOADED: 'Next: mark paid once the bank confirms',
    PAYMENT_COMPLETED: (days: number) => `Paid in the last ${days} days`,
  },
  empty: 'None',
  more: (count: number) => `${n(count)} more`,
  /** 'Acme Supplies +2 bills': the first bill's vendor and how many more bills the approval pays. */
  otherBills: (count: number) => (count > 1 ? ` +${n(count - 1)} ${count === 2 ? 'bill' : 'bills'}` : ''),
  /** Ages as formatRelative says them ('3 days'). */
  age: (relative: string) => `created ${relative} ago`,
  paidAge: (relative: string) => `paid ${relative} ago`,
  columnTotal: (count: number, amount: string) =>
    `${count === 1 ? '1 approval' : `${n(count)} approvals`} · ${amount}`,
  failed: 'The board could not be read from the server.',
} as const;

export const YOUR_WORK_TEXT = {
  title: 'Your work',
  waiting: (count: string, amount: string) => `Waiting for you: ${count} · ${amount}`,
  nothingWaiting: 'Nothing waits for your decision.',
  oldestLabel: 'Waiting longest',
  waitingAge: (relative: string) => `waiting ${relative}`,
  overdue: (bills: number, amount: string) =>
    bills === 1 ? `1 bill overdue · ${amount}` : `${n(bills)} bills overdue · ${amount}`,
  overdueHint: 'Bills past their due date whose approval is not paid yet',
  noOverdue: 'No bill is overdue.',
  stuckPayments: (count: number) =>
    count === 1 ? '1 approved payment has no bank file' : `${n(count)} approved payments have no bank file`,
  noStuckPayments: 'Every approved payment has its bank file.',
  stuckEscalated: (count: number) => `${n(count)} stuck`,
  stuckEscalatedHint: 'Nobody active can approve them: they wait for an admin and a fix to the policy',
} as const;

export const ABOUT_TEXT = {
  title: 'About',
  description: 'What this console runs: the build of the console and the live release of each section',
  link: 'Details',
} as const;
