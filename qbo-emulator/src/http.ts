/**
 * The emulator's HTTP answers, in the shapes Intuit's endpoints use: JSON with no caching, the
 * accounting API's `Fault` body and `time`, the consent page's HTML, redirects, request bodies.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The largest request body read (a form, a token, a bill payment): larger ones are refused. */
const MAX_BODY = 16 * 1024;

/** A new id for one answer, shaped like Intuit's `intuit_tid` (version, time in hex, random). */
export function transactionId(): string {
  return `1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
}

/** Equal strings, compared in constant time (client secrets). */
export function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function json(response: ServerResponse, status: number, body: Record<string, unknown>) {
  response.writeHead(status, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
  });
  response.end(JSON.stringify(body));
}

/** Intuit's `time` of an answer: milliseconds and a numeric offset (2026-11-25T14:03:10.123-08:00 there). */
export function intuitTime(): string {
  return new Date().toISOString().replace('Z', '-00:00');
}

/** Intuit's error body of the accounting API. */
export function fault(
  response: ServerResponse,
  status: number,
  type: string,
  code: string,
  message: string,
  detail = message,
) {
  json(response, status, {
    Fault: { Error: [{ Message: message, Detail: detail, code }], type },
    time: intuitTime(),
  });
}

export function page(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'Content-Type': 'text/html;charset=UTF-8', 'Cache-Control': 'no-store' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>QuickBooks Online emulator</title></head><body>${
      status === 200 ? body : `<h1>Error</h1><p>${html(body)}</p>`
    }</body></html>`,
  );
}

export function redirect(response: ServerResponse, target: string, params: Record<string, string>) {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  response.writeHead(302, { Location: url.toString(), 'Cache-Control': 'no-store' });
  response.end();
}

export function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The `token` of a JSON body (`{token}`, as the revoke endpoint takes it). */
export function parseToken(body: string): string | undefined {
  try {
    const value: unknown = JSON.parse(body);
    const token = (value as { token?: unknown } | null)?.token;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The request's body as text, or null past MAX_BODY (the request is then dropped). */
export function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
