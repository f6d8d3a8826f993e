import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ApiClient } from './api-client';
import { signInThroughApi } from './second-step';
import { DEMO, NEW_ACCOUNT_PASSWORD } from './sign-in-page';

// Shared by the users specs (list, form and detail, roles and screens).
export type U = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'ADMIN' | 'MODERATOR' | 'USER' | 'GUEST';
  isActive: boolean;
};
export const nameOf = (u: Pick<U, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/** A fresh account through the API; `tag` makes its name and e-mail unique. */
export async function newUser(
  api: ApiClient,
  tag: string,
  fields: Partial<Pick<U, 'role' | 'isActive' | 'firstName' | 'lastName'>> = {},
): Promise<U> {
  const { user } = await api.post<{ user: U }>('/api/auth/register', {
    email: `${tag.toLowerCase()}.${Date.now()}${Math.floor(Math.random() * 1000)}@users.test`,
    password: NEW_ACCOUNT_PASSWORD,
    firstName: tag,
    lastName: 'Person',
    ...fields,
  });
  return user;
}

/** An access token of a new session of `email` for direct API calls (a demo account's second step passed). */
export async function tokenOf(request: APIRequestContext, email: string, password: string = DEMO.password) {
  const { data } = await signInThroughApi<{ tokens: { accessToken: string } }>(request, email, password);
  return data.tokens.accessToken;
}

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
