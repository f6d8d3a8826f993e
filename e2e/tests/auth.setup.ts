import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as setup } from '@playwright/test';
import { DEMO, SignInPage } from '../pages/sign-in-page';

const stateFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'admin.json');

// Signs in once as the demo admin and saves the browser state for the other tests.
setup('sign in as the demo admin', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(DEMO.admin, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().storageState({ path: stateFile });
});
