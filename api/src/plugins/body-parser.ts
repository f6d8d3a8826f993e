import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, SERVER_ERRORS } from 'shared-contracts';
import { HttpError } from '../http/http-error';

/** fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * JSON bodies as Fastify parses them (prototype-poisoning safe), except that:
 * - an empty body is no body: the console sends `Content-Type: application/json` on every call,
 *   including a logout without payload;
 * - bytes that are not UTF-8 are refused (400) rather than silently stored as U+FFFD, which would
 *   save text the client never sent.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      done(new HttpError(400, ERROR_CODES.malformedJson, SERVER_ERRORS.invalidUtf8), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
