import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import { AccessDenied } from 'shared-ui';
import { CompanyDetailPage } from './companies/components/company-detail-page';
import { CompanyFormPage } from './companies/components/company-form-page';
import { CompanyListPage } from './companies/components/company-list-page';

const moderatorOnly = (element: ReactElement) => (
  <RequireRole role="MODERATOR" fallback={<AccessDenied />}>
    {element}
  </RequireRole>
);

/** The section's routes, relative to /companies; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <CompanyListPage /> },
  { path: 'new', element: moderatorOnly(<CompanyFormPage />) },
  { path: ':id', element: <CompanyDetailPage /> },
  { path: ':id/edit', element: moderatorOnly(<CompanyFormPage />) },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
