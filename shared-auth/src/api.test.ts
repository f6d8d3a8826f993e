import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, filenameFromDisposition } from './api';
import { ApiError } from './api-error';
import { tokenStorage } from './token-storage';
import { fail, installFakeApi, jsonResponse, ok, resetAll, rejection } from './testing/fake-api';

beforeEach(resetAll);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api: envelope unwrapping', () => {
  it('returns data and drops empty query values', async () => {
    const { calls } = installFakeApi({ 'GET /api/company/companies': () => ok([{ id: 1 }]) });
    const data = await api.get<{ id: number }[]>('/api/company/companies', {
      searchParams: { search: 'acme', status: undefined, qbConnectionStatus: '', page: 2, limit: null },
    });
    expect(data).toEqual([{ id: 1 }]);
    expect(calls[0]?.url.search).toBe('?search=acme&page=2');
  });

  it('sends JSON bodies, and no body or content type when there is none', async () => {
    const { calls } = installFakeApi({
      'POST /api/company/companies': () => ok({ id: 9 }),
      'PUT /api/company/companies/9/deactivate': () => ok(null),
      'DELETE /api/company/companies/9': () => ok(null),
    });
    await expect(api.post('/api/company/companies', { name: 'Acme' })).resolves.toEqual({ id: 9 });
    await expect(api.put('/api/company/companies/9/deactivate')).resolves.toBeNull();
    await expect(api.delete('/api/company/companies/9')).resolves.toBeNull();

    expect(calls[0]?.body).toEqual({ name: 'Acme' });
    expect(calls[0]?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(calls[1]?.body).toBeUndefined();
    expect(calls[1]?.headers.has('content-type')).toBe(false);
    expect(calls[2]?.method).toBe('DELETE');
  });

  it('sends a text body as it is, as text/plain (a return file is hashed byte for byte)', async () => {
    const { calls } = installFakeApi({ 'POST /api/bank-returns': () => ok({ alreadyApplied: false }) });
    const file = '101 091000019 1234567891\n{"not":"json"}\n';
    await expect(
      api.postText('/api/bank-returns', file, { searchParams: { fileName: 'r.txt' } }),
    ).resolves.toEqual({ alreadyApplied: false });
    expect(calls[0]?.body).toBe(file);
    expect(calls[0]?.headers.get('content-type')).toBe('text/plain');
    expect(calls[0]?.url.search).toBe('?fileName=r.txt');
  });

  it('reads pagination from meta', async () => {
    const pagination = { total: 23, page: 3, limit: 10, totalPages: 3 };
    installFakeApi({ 'GET /api/user/users': () => ok([{ id: 21 }, { id: 22 }, { id: 23 }], { pagination }) });
    await expect(api.getPaged('/api/user/users', { searchParams: { page: 3 } })).resolves.toEqual({
      data: [{ id: 21 }, { id: 22 }, { id: 23 }],
      pagination,
    });
  });

  it('accepts a list answered as data { data, total, totalPages }', async () => {
    installFakeApi({
      'GET /api/x': () => ok({ data: [{ id: 1 }], total: 11, totalPages: 2, page: 1, limit: 10 }),
    });
    await expect(api.getPaged('/api/x')).resolves.toEqual({
      data: [{ id: 1 }],
      pagination: { total: 11, page: 1, limit: 10, totalPages: 2 },
    });
  });
});

describe('api: ApiError mapping', () => {
  it("carries the server's message, code and fields", async () => {
    installFakeApi({
      'POST /api/company/companies': () =>
        fail(400, 'Company name is required', 'VALIDATION_ERROR', { name: 'Company name is required' }),
    });
    const error = await rejection(api.post('/api/company/companies', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Company name is required',
      fields: { name: 'Company name is required' },
    });
  });

  it('treats success:false with a 2xx status as a failure', async () => {
    installFakeApi({
      'GET /api/dashboard/stats': () =>
        jsonResponse(200, { success: false, error: { message: 'Nope', code: 'X' } }),
    });
    const error = await rejection(api.get('/api/dashboard/stats'));
    expect(error).toMatchObject({ status: 200, code: 'X', message: 'Nope' });
  });

  it("uses the caller's fallback, else 'Request failed', when the server says nothing", async () => {
    installFakeApi({
      'GET /api/manager/managers': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const withFallback = await rejection(
      api.get('/api/manager/managers', { fallbackMessage: 'Failed to fetch managers' }),
    );
    expect(withFallback).toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Failed to fetch managers',
    });
    const without = await rejection(api.get('/api/manager/managers'));
    expect(without.message).toBe('Request failed');
  });

  it('rejects a 2xx answer that is not an envelope', async () => {
    installFakeApi({
      'GET /api/x': () =>
        new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    });
    const error = await rejection(api.get('/api/x'));
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });

  it('maps network failures to status 0 NETWORK_ERROR with the connection message, not the fallback', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    const error = await rejection(api.get('/api/x', { fallbackMessage: 'Failed to fetch users' }));
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Unable to connect to the server. Please check your internet connection and try again.',
    });
  });

  it('maps a timeout (10 s) to status 0 NETWORK_ERROR', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (request: Request) =>
          new Promise<Response>((_, reject) => {
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          }),
      ),
    );
    const pending = rejection(api.get('/api/x'));
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await pending;
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('api.download', () => {
  it('returns the blob and the Content-Disposition file name', async () => {
    const { calls } = installFakeApi({
      'GET /api/bill-approval/approvals/export': () =>
        new Response('id,status\n1,PENDING\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="approvals.csv"',
          },
        }),
    });
    const { blob, filename } = await api.download('/api/bill-approval/approvals/export', {
      searchParams: { format: 'csv' },
    });
    expect(filename).toBe('approvals.csv');
    expect(await blob.text()).toBe('id,status\n1,PENDING\n');
    expect(calls[0]?.url.searchParams.get('format')).toBe('csv');
  });

  it('throws ApiError with the server message on failure', async () => {
    installFakeApi({ 'GET /api/file': () => fail(404, 'Approval not found', 'NOT_FOUND') });
    const error = await rejection(api.download('/api/file'));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Approval not found' });
  });

  it('parses plain and RFC 6266 file names', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=batch-42.txt')).toBe('batch-42.txt');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(
      filenameFromDisposition('attachment; filename="x.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.txt'),
    ).toBe('résumé.txt');
  });
});

describe('api.upload', () => {
  class FakeXhr {
    static instances: FakeXhr[] = [];
    static answers: Array<{ status: number; body: unknown }> = [];
    method = '';
    url = '';
    headers: Record<string, string> = {};
    withCredentials = false;
    timeout = 0;
    status = 0;
    responseText = '';
    sent: FormData | null = null;
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      FakeXhr.instances.push(this);
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      this.sent = body;
      const answer = FakeXhr.answers.shift() ?? { status: 500, body: {} };
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }

  beforeEach(() => {
    FakeXhr.instances = [];
    FakeXhr.answers = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('posts the file as multipart with the bearer and reports progress', async () => {
    tokenStorage.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    FakeXhr.answers.push({ status: 200, body: { success: true, data: { id: 'f1' } } });
    const progress: number[] = [];
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });

    const data = await api.upload<{ id: string }>('/api/files', file, {
      field: 'document',
      onProgress: (p) => progress.push(p),
    });

    expect(data).toEqual({ id: 'f1' });
    const [xhr] = FakeXhr.instances;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe(`${window.location.origin}/api/files`);
    expect(xhr?.headers.Authorization).toBe('Bearer access-1');
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.sent?.get('document')).toBeInstanceOf(File);
    expect(progress).toEqual([50, 100]);
  });

  it('refreshes once on 401 and sends the upload again with the new bearer', async () => {
    tokenStorage.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    installFakeApi({
      'POST /api/auth/refresh': () => ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } }),
    });
    FakeXhr.answers.push({
      status: 401,
      body: { success: false, error: { message: 'Expired', code: 'UNAUTHORIZED' } },
    });
    FakeXhr.answers.push({ status: 201, body: { success: true, data: { id: 'f2' } } });

    await expect(api.upload('/api/files', new File(['x'], 'x.txt'))).resolves.toEqual({ id: 'f2' });
    expect(FakeXhr.instances.map((x) => x.headers.Authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('throws ApiError with the server message', async () => {
    FakeXhr.answers.push({
      status: 413,
      body: { success: false, error: { message: 'File too large', code: 'PAYLOAD_TOO_LARGE' } },
    });
    const error = await rejection(api.upload('/api/files', new File(['x'], 'x.txt')));
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File too large' });
  });
});
