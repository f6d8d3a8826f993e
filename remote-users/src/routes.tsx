import { sectionRoutes } from 'shared-ui/record';
import { AuditLogPage } from './audit/components/audit-log-page';
import { SecurityPage } from './security/components/security-page';
import { ProfilePage } from './users/components/profile-page';
import { UserDetailPage } from './users/components/user-detail-page';
import { UserFormPage } from './users/components/user-form-page';
import { UserListPage } from './users/components/user-list-page';

/** The section's routes, relative to /users; creating and editing are for its managers. */
export const routes = sectionRoutes('users', [
  { index: true, element: <UserListPage /> },
  { path: 'new', access: 'manage', element: <UserFormPage /> },
  // The signed-in user's own page (sidebar user block); every role may open it.
  { path: 'profile', element: <ProfilePage /> },
  // Their second factors (every role; the profile page links to it).
  { path: 'profile/security', element: <SecurityPage /> },
  // Every recorded action across the console, for the page's own role (the API refuses the others too).
  { path: 'audit', access: '/users/audit', element: <AuditLogPage /> },
  { path: ':id', element: <UserDetailPage /> },
  { path: ':id/edit', access: 'manage', element: <UserFormPage /> },
]);
