import { Navigate, type RouteObject } from 'react-router-dom';
import { CompanyListPage } from './companies/components/companies-list-page';

/** The section's routes, relative to /companies; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <CompanyListPage /> },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
