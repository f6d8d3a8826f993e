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
createRoot(root).render(
  <UiProvider>
    <RouterProvider router={router} />
  </UiProvider>,
);
