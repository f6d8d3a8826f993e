import { expect, type Locator, type Page } from '@playwright/test';

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

/** The notice (toast) that says `text`, in the layout's notice area. */
export const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

/**
 * Chooses `item` from the menu `button` opens until `opened` (the dialog or page the item leads to)
 * shows. A menu still placing itself, or a row re-drawn by a live update between the press and the
 * release, can swallow one click; a person clicks again, and so does this.
 */
export async function chooseFromMenu(button: Locator, item: Locator, opened: Locator): Promise<void> {
  await expect(async () => {
    if (!(await opened.isVisible())) {
      if (!(await item.isVisible())) await button.click();
      await item.click();
    }
    await expect(opened).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
