import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureHttp, initializeSession, setNavigator } from 'shared-auth';
import { UiProvider } from 'shared-ui';
import { router } from './router';

configureHttp({ baseUrl: window.location.origin, environment: process.env.APP_ENV });
// When a refresh fails, go to sign-in inside the app and remember the page, instead of a full reload.
setNavigator((path) => {
  const { pathname, search, hash } = router.state.location;
  void router.navigate(path, { replace: true, state: { from: { pathname, search, hash } } });
});
void initializeSession();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The first render as a transition: React renders it in slices that yield to the browser every few
// milliseconds instead of one long task, so input is never blocked while the console starts (Total
// Blocking Time). Nothing is on screen before it, so no fallback is held back.
const app = createRoot(root);
startTransition(() => {
  app.render(
    <UiProvider>
      <RouterProvider router={router} />
    </UiProvider>,
  );
});
