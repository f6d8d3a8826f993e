import { expect, type Locator, type Page } from '@playwright/test';

/** The manager list. */
export class ManagerListPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table');
    this.rows = this.table.locator('tbody tr');
    this.summary = page.getByText(/^Showing \d+ to \d+ of \d+ managers$/);
  }

  async goto(query = '') {
    await this.page.goto(`/managers${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Managers' })).toBeVisible();
  }

  /** The name link of each row. */
  nameCells() {
    return this.rows.locator('a[href^="/managers/"]');
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
    return this.page.getByRole('button', { name: `Actions for ${name}` });
  }
}
