import type { Locator, Page } from '@playwright/test';
import { hasDemoFactor, passDemoSecondStepOnPage } from './second-step';

export const DEMO = {
  admin: 'admin@example.com',
  moderator: 'moderator@example.com',
  user: 'user@example.com',
  guest: 'guest@example.com',
  password: 'Password123!',
} as const;

/**
 * The password of accounts the tests create: new passwords must be 12+ characters, without the
 * person's name or e-mail, and not weak (the demo accounts' older password would be refused).
 */
export const NEW_ACCOUNT_PASSWORD = 'Quartz-Lantern-Meadow-73';

/** The sign-in page. */
export class SignInPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(
    private readonly page: Page,
    private readonly path = '/login',
  ) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: /^Sign in$|^Signing in\.\.\.$/ });
  }

  async goto() {
    await this.page.goto(this.path);
  }

  /**
   * Email, password, Sign in; then, for a demo account with the demo authenticator and the demo
   * password, the second step with the account's next code (pages/second-step.ts).
   */
  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
    if (hasDemoFactor(email) && password === DEMO.password) await passDemoSecondStepOnPage(this.page, email);
  }
}

/** Signs in from a clean browser state, for tests that must not touch the saved admin session. */
export async function signInFresh(page: Page, email: string, password: string = DEMO.password) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await new SignInPage(page).signIn(email, password);
  await page.waitForURL(/\/dashboard$/);
}
