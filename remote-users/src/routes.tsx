import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import { sectionNamed } from 'shared-contracts';
import { AccessDenied } from 'shared-ui';
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

/** The section's routes, relative to /users; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <UserListPage /> },
  { path: 'new', element: manageRoleOnly(<UserFormPage />) },
  // The signed-in user's own page (sidebar user block); every role may open it.
  { path: 'profile', element: <ProfilePage /> },
  { path: ':id', element: <UserDetailPage /> },
  { path: ':id/edit', element: manageRoleOnly(<UserFormPage />) },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
