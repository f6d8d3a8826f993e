// Test support only (not exported from the package): a stubbed global fetch that answers like the API.
import { forgetAnswers } from '../conditional-reads';
import { vi } from 'vitest';
import { resetSessionForTests } from '../auth-actions';
import { resetHttpForTests } from '../http';
import { isApiError, type ApiError } from '../api-error';

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials;
  body: unknown;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function ok(data: unknown, meta?: unknown): Response {
  return jsonResponse(200, meta === undefined ? { success: true, data } : { success: true, data, meta });
}

export function fail(
  status: number,
  message: string,
  code = 'ERROR',
  fields?: Record<string, string>,
): Response {
  return jsonResponse(status, { success: false, error: { message, code, ...(fields ? { fields } : {}) } });
}

/** Replaces globalThis.fetch; `routes` maps "METHOD /path" to a handler. Unknown routes answer 404. */
export function installFakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = text === '' ? undefined : text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // keep the raw text
    }
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      url,
      headers: request.headers,
      credentials: request.credentials,
      body,
    };
    calls.push(call);
    const handler = routes[`${request.method} ${url.pathname}`];
    return handler ? handler(call) : fail(404, 'Not found', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo, fetchMock };
}

export const TEST_USER = {
  id: 1,
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'ADMIN',
  isActive: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
} as const;

/** Fresh module state for each test: storage, session, http configuration, location. */
export function resetAll(): void {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  resetHttpForTests();
  resetSessionForTests();
  forgetAnswers();
}

/** A promise plus its resolve function, to hold an answer back. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The ApiError a promise rejects with; fails the test if it resolves or rejects with something else. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw error;
  return error;
}
