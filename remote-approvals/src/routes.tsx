import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import { sectionNamed } from 'shared-contracts';
import { AccessDenied } from 'shared-ui';
import { ApprovalDetailPage } from './approvals/components/approval-detail-page';
import { ApprovalListPage } from './approvals/components/approvals-list-page';
import { NewApprovalRequestPage } from './approvals/components/new-approval-request-page';

/** Entering requests by hand needs the role that manages the section's records (the section registry). */
const manageRoleOnly = (element: ReactElement) => (
  <RequireRole role={sectionNamed('approvals').manageRole} fallback={<AccessDenied />}>
    {element}
  </RequireRole>
);

/** The section's routes, relative to /approvals; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <ApprovalListPage /> },
  { path: 'new', element: manageRoleOnly(<NewApprovalRequestPage />) },
  { path: ':id', element: <ApprovalDetailPage /> },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
