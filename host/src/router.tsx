import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth, RequireRole } from 'shared-auth';
import { AccessDenied, FullPageSpinner, LoadingState, SignInPage, UnknownPath } from 'shared-ui';
import { SECTIONS } from 'shared-contracts';
import { SessionNavigator } from './session-navigator';

// The signed-in layout (with its animation library) and the dashboard load after sign-in, so the
// sign-in page's JavaScript holds only what it needs.
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));
// The section loader (manifest checks, release notices) loads with the first section, not with sign-in.
const RemoteSection = lazy(() =>
  import('./remotes/remote-section').then((m) => ({ default: m.RemoteSection })),
);
const DashboardPage = lazy(() =>
  import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const AboutPage = lazy(() => import('./about/about-page').then((m) => ({ default: m.AboutPage })));

/** The route table: sign-in, the protected layout, the dashboard, About and each section of the registry. */
export const routes: RouteObject[] = [
  { path: '/login', element: <SignInPage productName={process.env.PRODUCT_NAME} /> },
  {
    path: '/',
    element: (
      <RequireAuth loadingFallback={<FullPageSpinner />}>
        <Suspense fallback={<FullPageSpinner />}>
          <AppLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        path: 'dashboard',
        element: (
          <Suspense fallback={<LoadingState text="Loading..." />}>
            <DashboardPage />
          </Suspense>
        ),
      },
      {
        path: 'about',
        element: (
          <Suspense fallback={<LoadingState text="Loading..." />}>
            <AboutPage />
          </Suspense>
        ),
      },
      ...SECTIONS.map((section) => ({
        path: `${section.name}/*`,
        // key: a fresh section component per remote, so one section's state never leaks into another.
        element: (
          <RequireRole role={section.minRole} fallback={<AccessDenied />}>
            <Suspense
              key={section.name}
              fallback={<LoadingState text={`Loading the ${section.label} section...`} />}
            >
              <RemoteSection name={section.name} />
            </Suspense>
          </RequireRole>
        ),
      })),
      // Any other path: the dashboard, which says there is no page at the path asked for.
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The console's router. A declarative <BrowserRouter>, not a data router (createBrowserRouter): the
 * console uses no loaders, actions or fetchers, and the data router is about 15 KB gzip more on the
 * sign-in page (tools/build/webpack/shared/react-router.js shares only what is listed there).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <SessionNavigator />
      <AppRoutes />
    </BrowserRouter>
  );
}
