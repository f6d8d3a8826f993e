import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import { sectionNamed } from 'shared-contracts';
import { AccessDenied } from 'shared-ui';
import { CompanyDetailPage } from './companies/components/company-detail-page';
import { CompanyFormPage } from './companies/components/company-form-page';
import { CompanyListPage } from './companies/components/company-list-page';
import { QuickBooksCallbackPage } from './companies/components/quickbooks-callback-page';

/** Creating and editing need the role that manages the section's records (the section registry). */
const manageRoleOnly = (element: ReactElement) => (
  <RequireRole role={sectionNamed('companies').manageRole} fallback={<AccessDenied />}>
    {element}
  </RequireRole>
);

/** The section's routes, relative to /companies; the host mounts them under its layout. */
export const routes: RouteObject[] = [
  { index: true, element: <CompanyListPage /> },
  { path: 'new', element: manageRoleOnly(<CompanyFormPage />) },
  { path: 'quickbooks/callback', element: manageRoleOnly(<QuickBooksCallbackPage />) },
  { path: ':id', element: <CompanyDetailPage /> },
  { path: ':id/edit', element: manageRoleOnly(<CompanyFormPage />) },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
