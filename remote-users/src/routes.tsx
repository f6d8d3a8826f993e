import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import { SECTION_PAGES, sectionNamed } from 'shared-contracts';
import { AccessDenied } from 'shared-ui';
import { AuditLogPage } from './audit/components/audit-log-page';
import { ProfilePage } from './users/components/profile-page';
import { UserDetailPage } from './users/components/user-detail-page';
import { UserFormPage } from './users/components/user-form-page';
import { UserListPage } from './users/components/user-list-page';

/** Creating and editing need the role that manages the section's records (the section registry). */
const manageRoleOnly = (element: ReactElement) => (
  <RequireRole role={sectionNamed('users').manageRole} fallback={<AccessDenied />}>
    {element}
  </RequireRole>
);

/** A page of the section the registry (SECTION_PAGES) opens to one role and up, e.g. the audit log. */
const pageRoleOnly = (path: (typeof SECTION_PAGES)[number]['path'], element: ReactElement) => {
  const page = SECTION_PAGES.find((entry) => entry.path === path)!;
  return (
    <RequireRole role={page.minRole} fallback={<AccessDenied />}>
      {element}
    </RequireRole>
  );
};

/** The section's routes, relative to /users; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <UserListPage /> },
  { path: 'new', element: manageRoleOnly(<UserFormPage />) },
  // The signed-in user's own page (sidebar user block); every role may open it.
  { path: 'profile', element: <ProfilePage /> },
  // Every recorded action across the console (ADMIN; the API refuses the others too).
  { path: 'audit', element: pageRoleOnly('/users/audit', <AuditLogPage />) },
  { path: ':id', element: <UserDetailPage /> },
  { path: ':id/edit', element: manageRoleOnly(<UserFormPage />) },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
