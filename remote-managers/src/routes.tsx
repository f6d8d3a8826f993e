import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import { sectionNamed } from 'shared-contracts';
import { AccessDenied } from 'shared-ui';
import { ManagerDetailPage } from './managers/components/manager-detail-page';
import { ManagerFormPage } from './managers/components/manager-form-page';
import { ManagerListPage } from './managers/components/manager-list-page';

/** Creating and editing need the role that manages the section's records (the section registry). */
const manageRoleOnly = (element: ReactElement) => (
  <RequireRole role={sectionNamed('managers').manageRole} fallback={<AccessDenied />}>
    {element}
  </RequireRole>
);

/** The section's routes, relative to /managers; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <ManagerListPage /> },
  { path: 'new', element: manageRoleOnly(<ManagerFormPage />) },
  { path: ':id', element: <ManagerDetailPage /> },
  { path: ':id/edit', element: manageRoleOnly(<ManagerFormPage />) },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
