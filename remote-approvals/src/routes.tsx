import { sectionRoutes } from 'shared-ui/record';
import { ApprovalDetailPage } from './approvals/components/approval-detail-page';
import { ApprovalListPage } from './approvals/components/approvals-list-page';
import { NewApprovalRequestPage } from './approvals/components/new-approval-request-page';
import { InboxPage } from './approvals/inbox/inbox-page';
import { BankFilePage } from './bank-returns/components/bank-file-page';
import { BankFilesPage } from './bank-returns/components/bank-files-page';
import { ReturnFilesPage } from './bank-returns/components/return-files-page';
import { PaymentsBoardPage } from './payments-board/components/payments-board-page';

/** The section's routes, relative to /approvals; entering requests by hand is for its managers. */
export const routes = sectionRoutes('approvals', [
  { index: true, element: <ApprovalListPage /> },
  { path: 'new', access: 'manage', element: <NewApprovalRequestPage /> },
  // The approver's split view: the queue beside the approval, decided one after the other.
  { path: 'inbox', access: '/approvals/inbox', element: <InboxPage /> },
  // Approved payments by where they stand, for those who read the bank files.
  { path: 'payments', access: '/approvals/payments', element: <PaymentsBoardPage /> },
  // What the bank sent back and the bank files' reconciliation, for the page's own role.
  { path: 'bank-returns', access: '/approvals/bank-returns', element: <ReturnFilesPage /> },
  { path: 'bank-returns/files', access: '/approvals/bank-returns', element: <BankFilesPage /> },
  { path: 'bank-returns/files/:id', access: '/approvals/bank-returns', element: <BankFilePage /> },
  { path: ':id', element: <ApprovalDetailPage /> },
]);
