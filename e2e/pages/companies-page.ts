import { expect, type Locator, type Page } from '@playwright/test';

/** The company list. */
export class CompanyListPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table');
    this.rows = this.table.locator('tbody tr');
    this.summary = page.getByText(/^Showing \d+ to \d+ of \d+ companies$/);
  }

  async goto(query = '') {
    await this.page.goto(`/companies${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  }

  /** The name link of each row (the first column after the optional checkbox). */
  nameCells() {
    return this.rows.locator('a[href^="/companies/"]');
  }

  /** Ticks a row's checkbox by clicking its control (the input itself is visually hidden). */
  selectRow(companyName: string) {
    return this.page
      .locator('label')
      .filter({ has: this.page.getByRole('checkbox', { name: `Select ${companyName}`, exact: true }) })
      .click();
  }

  async names(): Promise<string[]> {
    await expect(this.rows.first()).toBeVisible();
    // The table is busy while the rows of a newer answer are prepared in the background: read the
    // rows once they are the list's current ones.
    await expect(this.table).not.toHaveAttribute('aria-busy', 'true');
    return (await this.nameCells().allInnerTexts()).map((text) => text.trim());
  }

  sortBy(header: string) {
    return this.table.getByRole('button', { name: new RegExp(`^${header}`) }).click();
  }

  rowMenu(companyName: string) {
    return this.page.getByRole('button', { name: `Actions for ${companyName}` });
  }
}
