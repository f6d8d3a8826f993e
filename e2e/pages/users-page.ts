import { expect, type Locator, type Page } from '@playwright/test';

/** The user list (/users): overview block, filters, table (cards on a phone), pagination. */
export class UserListPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly cards: Locator;
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Users' });
    this.rows = this.table.locator('tbody tr');
    this.cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    this.summary = page.getByText(/^Showing \d+ to \d+ of \d+ users$/);
  }

  async goto(query = '') {
    await this.page.goto(`/users${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  }

  /** The name link of each row (table) or card (phone). */
  nameLinks() {
    return this.page.getByRole('main').locator('a[href^="/users/"]:not([href$="/new"])');
  }

  row(name: string) {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Ticks a checkbox by clicking its control (the input itself is visually hidden). */
  select(label: string) {
    return this.page
      .locator('label')
      .filter({ has: this.page.getByRole('checkbox', { name: label, exact: true }) })
      .click();
  }

  sortBy(header: string) {
    return this.table.getByRole('button', { name: new RegExp(`^${header}`) }).click();
  }

  rowMenu(name: string) {
    return this.page.getByRole('button', { name: `Actions for ${name}`, exact: true });
  }

  /** The overview block's figure card with this label ('Total Users', …). */
  figure(label: string) {
    return this.page.getByText(label, { exact: true }).locator('..');
  }
}
