import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RequireAuth } from 'shared-auth';
import { FullPageSpinner, SignInPage } from 'shared-ui';
import { DashboardPage } from './dashboard/dashboard-page';
import { AppLayout } from './layout/app-layout';
import { RemoteSection } from './remotes/remote-section';
import { SECTIONS } from './remotes/sections';

/** The route table of SPEC §2: sign-in, the protected layout, the dashboard and the four sections. */
export const router = createBrowserRouter([
  { path: '/login', element: <SignInPage productName={process.env.PRODUCT_NAME} /> },
  {
    path: '/',
    element: (
      <RequireAuth loadingFallback={<FullPageSpinner />}>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      ...SECTIONS.map((section) => ({
        path: `${section.name}/*`,
        // key: a fresh section component per remote, so one section's state never leaks into another.
        element: <RemoteSection key={section.name} name={section.name} />,
      })),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);
