import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp, initializeSession } from 'shared-auth';
import { UiProvider } from 'shared-ui';
import { AppRouter } from './router';

configureHttp({ baseUrl: window.location.origin, environment: process.env.APP_ENV });
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
      <AppRouter />
    </UiProvider>,
  );
});
