import type { APIRequestContext } from '@playwright/test';
import { signInThroughApi } from './second-step';
import { DEMO, NEW_ACCOUNT_PASSWORD } from './sign-in-page';

const DEMO_EMAILS: readonly string[] = [DEMO.admin, DEMO.moderator, DEMO.user, DEMO.guest];

/**
 * The demo accounts' sessions of this worker process, by `origin email`, newest last: the specs
 * ask for one about ninety times, and a sign-in with a second step takes one of the account's
 * 30-second steps, so each server's demo account is signed in once and its session reused (the
 * e2e servers' access tokens outlive the run: ACCESS_TOKEN_TTL in playwright.config.ts).
 */
const demoSessions = new Map<string, { email: string; token: string }>();

/** Direct calls to the real API, for test set-up and for checking what the screens claim. */
export class ApiClient {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  /**
   * Signed in as `email` with the demo password (and the demo account's second step). A demo
   * account reuses its session on the server `request` talks to while GET /api/auth/me still takes
   * it (a test may have ended it, or the server be a new one on the same port).
   */
  static async signIn(request: APIRequestContext, email: string = DEMO.admin): Promise<ApiClient> {
    const demo = DEMO_EMAILS.includes(email);
    if (demo) {
      for (const session of [...demoSessions.values()].reverse()) {
        if (session.email !== email) continue;
        const me = await request.get('/api/auth/me', {
          headers: { Authorization: `Bearer ${session.token}` },
        });
        if (me.ok() && ((await me.json()) as { data: { email: string } }).data.email === email)
          return new ApiClient(request, session.token);
      }
    }
    const { data, origin } = await signInThroughApi<{ tokens: { accessToken: string } }>(
      request,
      email,
      DEMO.password,
    );
    const key = `${origin} ${email}`;
    if (demo) {
      // Newest last: the map keeps the order of first insertion otherwise.
      demoSessions.delete(key);
      demoSessions.set(key, { email, token: data.tokens.accessToken });
    }
    return new ApiClient(request, data.tokens.accessToken);
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
