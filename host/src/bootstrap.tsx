import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureHttp, initializeSession } from 'shared-auth';
import { UiProvider } from 'shared-ui';
import { router } from './router';

configureHttp({ baseUrl: window.location.origin, environment: process.env.APP_ENV });
void initializeSession();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <UiProvider>
    <RouterProvider router={router} />
  </UiProvider>,
);
