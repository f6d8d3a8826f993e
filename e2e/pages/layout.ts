import type { Locator, Page } from '@playwright/test';

/** The protected layout: sidebar entries and the signed-in user. */
export class Layout {
  readonly sidebar: Locator;
  constructor(private readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Main' });
  }
  link(name: string) {
    return this.sidebar.getByRole('link', { name });
  }
  signOut() {
    return this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}
