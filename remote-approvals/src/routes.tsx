import { Navigate, type RouteObject } from 'react-router-dom';
import { ApprovalDetailPage } from './approvals/components/approval-detail-page';
import { ApprovalListPage } from './approvals/components/approvals-list-page';

/** The section's routes, relative to /approvals; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <ApprovalListPage /> },
  { path: ':id', element: <ApprovalDetailPage /> },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
