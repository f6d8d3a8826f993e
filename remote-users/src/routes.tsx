import { Navigate, type RouteObject } from 'react-router-dom';
import { UserListPage } from './users/components/users-list-page';

/** The section's routes, relative to /users; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <UserListPage /> },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
