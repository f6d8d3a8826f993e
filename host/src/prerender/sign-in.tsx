// The sign-in page rendered to HTML at build time (tools/build/webpack/prerender-plugin.js), never in the
// browser: the server sends it for /login, so the form and its styles are on screen with the HTML,
// before the console's JavaScript has arrived and run (Largest Contentful Paint at First Paint).
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { initializeSession } from 'shared-auth';
import { SignInPage, UiProvider } from 'shared-ui';

/** The markup of the signed-out sign-in page, with the Chakra styles it uses inline (Emotion's SSR). */
export async function renderSignInPage(): Promise<string> {
  // No stored session exists at build time: this settles the session as signed out (no spinner).
  await initializeSession();
  return renderToString(
    <UiProvider>
      <MemoryRouter initialEntries={['/login']}>
        <SignInPage productName={process.env.PRODUCT_NAME} />
      </MemoryRouter>
    </UiProvider>,
  );
}
