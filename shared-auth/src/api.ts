import type { Options } from 'ky';
import { REQUEST_TIMEOUT_MS, type Pagination, type Paged } from 'shared-contracts';
import { ApiError, apiErrorFromAnswer, DEFAULT_MESSAGE, networkApiError } from './api-error';
import { confirmedCopy, conditionalHeaders, rememberAnswer } from './conditional-reads';
import { apiUrl, getEnvironment, http, isNoRefreshUrl, renewAccessToken, type HttpContext } from './http';
import { tokenStorage } from './token-storage';

/** Query-string values; undefined, null and '' are left out. */
export type SearchParams = Record<string, string | number | boolean | null | undefined>;

/** Options every helper of {@link api} accepts. */
export interface ApiRequestOptions {
  /** Query string; undefined, null and empty values are omitted. */
  searchParams?: SearchParams;
  /** Message of the ApiError when the server gives none, e.g. 'Failed to fetch companies'. */
  fallbackMessage?: string;
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** Options of {@link api.upload}. */
export interface UploadOptions {
  /** Multipart field holding the file; 'file' by default. */
  field?: string;
  /** Called with 0–100 as the upload progresses. */
  onProgress?: (percent: number) => void;
  /** Message of the ApiError when the server gives none. */
  fallbackMessage?: string;
}

interface Envelope {
  data: unknown;
  meta?: { pagination?: Pagination; [key: string]: unknown };
}

type Method = 'get' | 'post' | 'put' | 'delete';

function cleanSearchParams(params: SearchParams | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter(
    (entry): entry is [string, string | number | boolean] =>
      entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

function invalidResponse(status: number, fallbackMessage: string | undefined): ApiError {
  return new ApiError(fallbackMessage ?? DEFAULT_MESSAGE, { status, code: 'INVALID_RESPONSE' });
}

/** Turns an answer's status and text into the success envelope, or throws the ApiError it describes. */
export function parseEnvelope(status: number, text: string, fallbackMessage?: string): Envelope {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // e.g. an HTML page from a proxy or the SPA fallback answering an unknown /api path
    throw status >= 200 && status < 300
      ? invalidResponse(status, fallbackMessage)
      : apiErrorFromAnswer(status, undefined, fallbackMessage);
  }
  const record = (typeof body === 'object' && body !== null ? body : {}) as {
    success?: unknown;
    data?: unknown;
    meta?: unknown;
  };
  if (status >= 200 && status < 300 && record.success === true) {
    return { data: record.data ?? null, ...(record.meta ? { meta: record.meta as Envelope['meta'] } : {}) };
  }
  // An empty 204 is a success without data.
  if (status === 204 && body === undefined) return { data: null };
  if (status >= 200 && status < 300 && record.success !== false)
    throw invalidResponse(status, fallbackMessage);
  throw apiErrorFromAnswer(status, body, fallbackMessage);
}

/** One call through the shared ky instance, unwrapped. */
export async function request(
  method: Method,
  path: string,
  options: ApiRequestOptions & { json?: unknown; text?: string; context?: HttpContext } = {},
): Promise<Envelope> {
  const context: HttpContext = { ...options.context };
  if (options.fallbackMessage !== undefined) context.fallbackMessage = options.fallbackMessage;
  const kyOptions: Options = { method, context: context as Record<string, unknown>, throwHttpErrors: false };
  const searchParams = cleanSearchParams(options.searchParams);
  if (searchParams) kyOptions.searchParams = searchParams;
  if (options.json !== undefined) kyOptions.json = options.json;
  if (options.text !== undefined) {
    kyOptions.body = options.text;
    kyOptions.headers = { 'Content-Type': 'text/plain' };
  }
  if (options.signal) kyOptions.signal = options.signal;
  // A read goes with the ETag of the copy this tab holds: unchanged, it is a 304 without a body.
  const copyKey = method === 'get' ? `${path}?${new URLSearchParams(searchParams).toString()}` : null;
  if (copyKey !== null) kyOptions.headers = conditionalHeaders(copyKey);

  // throwHttpErrors is off so a failure's envelope is read here, the same way as a success's.
  // ky still runs afterResponse first, so a 401 has already been refreshed and repeated.
  const response = await http(path, kyOptions);
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw networkApiError(cause);
  }
  if (copyKey !== null && response.status === 304) {
    const copy = confirmedCopy(copyKey);
    if (copy !== undefined) return parseEnvelope(200, copy, options.fallbackMessage);
    // The copy went meanwhile (another read replaced it): ask again without one.
    return request(method, path, options);
  }
  if (copyKey !== null && response.ok) rememberAnswer(copyKey, response.headers.get('etag'), text);
  return parseEnvelope(response.status, text, options.fallbackMessage);
}

function toPaged<T>(envelope: Envelope): Paged<T> {
  const { data, meta } = envelope;
  if (Array.isArray(data)) {
    const pagination = meta?.pagination ?? { total: data.length, page: 1, limit: data.length, totalPages: 1 };
    return { data: data as T[], pagination };
  }
  // Some list reads answer data: { data, total, totalPages, page, limit }.
  const inner = (data ?? {}) as Partial<Pagination> & { data?: unknown };
  if (Array.isArray(inner.data)) {
    const rows = inner.data as T[];
    const limit = inner.limit ?? meta?.pagination?.limit ?? rows.length;
    return {
      data: rows,
      pagination: meta?.pagination ?? {
        total: inner.total ?? rows.length,
        page: inner.page ?? 1,
        limit,
        totalPages: inner.totalPages ?? 1,
      },
    };
  }
  throw new ApiError(DEFAULT_MESSAGE, { status: 200, code: 'INVALID_RESPONSE' });
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` preferred), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? name : null;
}

interface XhrAnswer {
  status: number;
  text: string;
}

function sendMultipart(
  url: string,
  form: FormData,
  token: string | null,
  onProgress?: (percent: number) => void,
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Environment', getEnvironment());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0)
          onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    // Content-Type is left to the browser so the multipart boundary is right.
    xhr.send(form);
  });
}

async function upload<T>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  const url = apiUrl(path);
  const form = new FormData();
  form.append(options.field ?? 'file', file);
  const send = async (token: string | null): Promise<XhrAnswer> => {
    try {
      return await sendMultipart(url, form, token, options.onProgress);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw networkApiError(cause);
    }
  };
  const sentToken = tokenStorage.getAccessToken();
  let answer = await send(sentToken);
  // Same rule as the ky instance: one refresh, then the upload is repeated once.
  if (answer.status === 401 && !isNoRefreshUrl(url)) {
    const token = await renewAccessToken(sentToken, true);
    answer = await send(token);
  }
  const envelope = parseEnvelope(answer.status, answer.text, options.fallbackMessage);
  options.onProgress?.(100);
  return envelope.data as T;
}

/** Typed calls that unwrap the `{ success, data, meta }` envelope and throw ApiError on failure. */
export const api = {
  /** GET `path` → `data`. */
  async get<T>(path: string, options?: ApiRequestOptions): Promise<T> {
    return (await request('get', path, options)).data as T;
  },
  /** POST `body` as JSON → `data`. */
  async post<T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T> {
    return (await request('post', path, { ...options, json: body })).data as T;
  },
  /** POST `text` as the body itself (text/plain), e.g. a bank's return file → `data`. */
  async postText<T>(path: string, text: string, options?: ApiRequestOptions): Promise<T> {
    return (await request('post', path, { ...options, text })).data as T;
  },
  /** PUT `body` as JSON → `data`. */
  async put<T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T> {
    return (await request('put', path, { ...options, json: body })).data as T;
  },
  /** DELETE `path` → `data`. */
  async delete<T>(path: string, options?: ApiRequestOptions): Promise<T> {
    return (await request('delete', path, options)).data as T;
  },
  /** GET a paged list → rows plus `meta.pagination`. */
  async getPaged<T>(path: string, options?: ApiRequestOptions): Promise<Paged<T>> {
    return toPaged<T>(await request('get', path, options));
  },
  /** GET a file → its bytes and the Content-Disposition file name. */
  async download(
    path: string,
    options: ApiRequestOptions = {},
  ): Promise<{ blob: Blob; filename: string | null }> {
    const kyOptions: Options = {
      context: options.fallbackMessage === undefined ? {} : { fallbackMessage: options.fallbackMessage },
    };
    const searchParams = cleanSearchParams(options.searchParams);
    if (searchParams) kyOptions.searchParams = searchParams;
    if (options.signal) kyOptions.signal = options.signal;
    const response = await http.get(path, kyOptions);
    const filename = filenameFromDisposition(response.headers.get('Content-Disposition'));
    try {
      return { blob: await response.blob(), filename };
    } catch (cause) {
      throw networkApiError(cause);
    }
  },
  /** POST one file as multipart (field 'file' by default) with upload progress → `data`. */
  upload,
};
