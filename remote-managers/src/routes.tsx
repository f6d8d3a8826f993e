import { Navigate, type RouteObject } from 'react-router-dom';
import { ManagerListPage } from './managers/components/managers-list-page';

/** The section's routes, relative to /managers; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <ManagerListPage /> },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
