import type { APIRequestContext } from '@playwright/test';
import { DEMO, NEW_ACCOUNT_PASSWORD } from './sign-in-page';

/** Direct calls to the real API, for test set-up and for checking what the screens claim. */
export class ApiClient {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, email: string = DEMO.admin): Promise<ApiClient> {
    const response = await request.post('/api/auth/login', { data: { email, password: DEMO.password } });
    const body = await response.json();
    if (!body.success) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
    return new ApiClient(request, body.data.tokens.accessToken);
  }

  private headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async get<T>(path: string): Promise<{
    status: number;
    body: { success: boolean; data: T; meta?: { pagination: { total: number } } };
  }> {
    const response = await this.request.get(path, { headers: this.headers() });
    return { status: response.status(), body: await response.json() };
  }

  /** A raw GET (e.g. an export file) as text, with the response headers. */
  async getText(path: string): Promise<{ status: number; text: string; headers: Record<string, string> }> {
    const response = await this.request.get(path, { headers: this.headers() });
    return { status: response.status(), text: await response.text(), headers: response.headers() };
  }

  async post<T>(path: string, data: unknown): Promise<T> {
    const response = await this.request.post(path, { headers: this.headers(), data });
    const body = await response.json();
    if (!body.success) throw new Error(`${path}: ${JSON.stringify(body.error)}`);
    return body.data as T;
  }

  async put<T>(path: string, data?: unknown): Promise<T> {
    const response = await this.request.put(path, { headers: this.headers(), data: data ?? {} });
    const body = await response.json();
    if (!body.success) throw new Error(`${path}: ${JSON.stringify(body.error)}`);
    return body.data as T;
  }

  /** A new user account (role USER) with a unique e-mail built from `tag`. */
  async createUser(tag: string): Promise<{ id: number; email: string; firstName: string; lastName: string }> {
    const email = `${tag.toLowerCase()}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
    const result = await this.post<{
      user: { id: number; email: string; firstName: string; lastName: string };
    }>('/api/auth/register', {
      email,
      password: NEW_ACCOUNT_PASSWORD,
      firstName: tag,
      lastName: 'Account',
      role: 'USER',
      isActive: true,
    });
    return result.user;
  }

  /** A new manager; `userId` links it. */
  async createManager(fields: { firstName: string; lastName: string; title?: string; userId?: number }) {
    const email =
      `${fields.firstName}.${fields.lastName}.${Date.now()}${Math.floor(Math.random() * 1000)}@managers.example.com`.toLowerCase();
    return this.post<{ id: number; email: string }>('/api/manager/managers', { ...fields, email });
  }

  /** The id of the demo company with exactly this name. */
  async companyId(name: string): Promise<number> {
    const { body } = await this.get<Array<{ id: number; name: string }>>(
      `/api/company/companies?search=${encodeURIComponent(name)}&limit=100`,
    );
    const match = body.data.find((company) => company.name === name);
    if (!match) throw new Error(`no company named ${name}`);
    return match.id;
  }
}
