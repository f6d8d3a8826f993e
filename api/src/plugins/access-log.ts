import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets (tokens, OAuth codes, passwords): the access log
 * writes their names with the value replaced, so a log file never holds a usable credential.
 */
export const REDACTED_QUERY_PARAMETERS = new Set([
  'access_token',
  'refresh_token',
  'token',
  'code',
  'password',
]);

const REDACTED = '[REDACTED]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the values of REDACTED_QUERY_PARAMETERS replaced; everything else as sent. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const parameters = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return REDACTED_QUERY_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query + 1)}${parameters.join('&')}${url.slice(end)}`;
}

/** Fastify's request serializer (method, url, host, client address) with the URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The access log: one line per request when its answer has been sent — the request (as
 * serializeRequest writes it), the status and the time taken — at info level, as Fastify's own
 * 'request completed' line (which this replaces together with its 'incoming request' line).
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
