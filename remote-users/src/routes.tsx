import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import { AccessDenied } from 'shared-ui';
import { ProfilePage } from './users/components/profile-page';
import { UserDetailPage } from './users/components/user-detail-page';
import { UserFormPage } from './users/components/user-form-page';
import { UserListPage } from './users/components/user-list-page';

const moderatorOnly = (element: ReactElement) => (
  <RequireRole role="MODERATOR" fallback={<AccessDenied />}>
    {element}
  </RequireRole>
);

/** The section's routes, relative to /users; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <UserListPage /> },
  { path: 'new', element: moderatorOnly(<UserFormPage />) },
  // The signed-in user's own page (sidebar user block); every role may open it.
  { path: 'profile', element: <ProfilePage /> },
  { path: ':id', element: <UserDetailPage /> },
  { path: ':id/edit', element: moderatorOnly(<UserFormPage />) },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
