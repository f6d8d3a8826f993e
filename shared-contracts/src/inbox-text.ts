// What the approver's inbox (/approvals/inbox) says: its tabs, its empty states, its decision bar
// and the keys its '?' help lists. The reasons a decision is refused stay in APPROVAL_ERRORS.

export const INBOX_TEXT = {
  title: 'Inbox',
  description: 'Decide the payments waiting for you, one after the other',
  crumb: 'Inbox',
  /** The queue's tabs, above it; 'Waiting for me (3)' with the queue's count. */
  tabs: {
    label: 'Show',
    waiting: 'Waiting for me',
    all: 'All',
    decided: 'Decided',
  },
  waitingCount: (count: number, capped = false) => `Waiting for me (${count}${capped ? '+' : ''})`,
  /** The Decided tab's choice: the list filters one status at a time. */
  decidedStatus: { label: 'Decision', approved: 'Approved', rejected: 'Rejected' },
  queueLabel: 'Approvals in the queue',
  billCount: (bills: number) => `${bills} ${bills === 1 ? 'bill' : 'bills'}`,
  emptyWaiting: 'Nothing waiting for you',
  emptyWaitingHint: 'Approvals whose step you may decide show up here as they arrive.',
  emptyOther: 'No approvals here',
  noneSelected: 'Choose an approval in the queue to see it here',
  loadFailed: (message: string) => `Error loading approval: ${message}`,
  approveNext: 'Approve & next',
  rejectNext: 'Reject & next',
  openPage: 'Open full page',
  backToQueue: 'Back to the queue',
  decisionBar: 'Decision',
  /** Why the decision bar cannot be used, in words beside its disabled buttons. */
  notPending: 'Already decided: nothing to do here.',
  shortcuts: {
    title: 'Inbox',
    next: 'Next approval',
    previous: 'Previous approval',
    approve: 'Approve, then the next (asks first)',
    reject: 'Reject, then the next (asks for the reason)',
    open: 'Open the full page',
  },
} as const;
