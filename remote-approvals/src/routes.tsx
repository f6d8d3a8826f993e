import { sectionRoutes } from 'shared-ui/record';
import { ApprovalDetailPage } from './approvals/components/approval-detail-page';
import { ApprovalListPage } from './approvals/components/approvals-list-page';
import { NewApprovalRequestPage } from './approvals/components/new-approval-request-page';

/** The section's routes, relative to /approvals; entering requests by hand is for its managers. */
export const routes = sectionRoutes('approvals', [
  { index: true, element: <ApprovalListPage /> },
  { path: 'new', access: 'manage', element: <NewApprovalRequestPage /> },
  { path: ':id', element: <ApprovalDetailPage /> },
]);
