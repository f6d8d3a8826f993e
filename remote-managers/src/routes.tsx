import { sectionRoutes } from 'shared-ui/record';
import { ManagerDetailPage } from './managers/components/manager-detail-page';
import { ManagerFormPage } from './managers/components/manager-form-page';
import { ManagerListPage } from './managers/components/manager-list-page';

/** The section's routes, relative to /managers; creating and editing are for its managers. */
export const routes = sectionRoutes('managers', [
  { index: true, element: <ManagerListPage /> },
  { path: 'new', access: 'manage', element: <ManagerFormPage /> },
  { path: ':id', element: <ManagerDetailPage /> },
  { path: ':id/edit', access: 'manage', element: <ManagerFormPage /> },
]);
