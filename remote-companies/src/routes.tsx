import { sectionRoutes } from 'shared-ui/record';
import { CompanyDetailPage } from './companies/components/company-detail-page';
import { CompanyFormPage } from './companies/components/company-form-page';
import { CompanyListPage } from './companies/components/company-list-page';
import { QuickBooksCallbackPage } from './companies/components/quickbooks-callback-page';

/** The section's routes, relative to /companies; creating, editing and connecting are for its managers. */
export const routes = sectionRoutes('companies', [
  { index: true, element: <CompanyListPage /> },
  { path: 'new', access: 'manage', element: <CompanyFormPage /> },
  { path: 'quickbooks/callback', access: 'manage', element: <QuickBooksCallbackPage /> },
  { path: ':id', element: <CompanyDetailPage /> },
  { path: ':id/edit', access: 'manage', element: <CompanyFormPage /> },
]);
