import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES, SERVER_ERRORS } from 'shared-contracts';
import { isDatabaseUnavailable } from '../db/errors';
import { failure } from '../http/envelope';
import { HttpError } from '../http/http-error';

/** Fastify's own request errors, answered with our codes and texts. */
const FASTIFY_ERRORS: Record<
  string,
  { status: number; code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES]; message: string }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.malformedJson,
    message: SERVER_ERRORS.malformedJson,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.malformedJson,
    message: SERVER_ERRORS.malformedJson,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.payloadTooLarge,
    message: SERVER_ERRORS.bodyTooLarge,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ERROR_CODES.unsupportedMediaType,
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ERROR_CODES.malformedJson,
    message: SERVER_ERRORS.malformedJson,
  },
};

/** Seconds a 503 asks the caller to wait while the database is away. */
const UNAVAILABLE_RETRY_AFTER_S = 2;

export function sendApiNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send(failure(ERROR_CODES.notFound, SERVER_ERRORS.notFound));
}

/**
 * One place turns errors into the envelope. HttpError carries a message meant for the caller;
 * anything else is logged with its stack and answered with a generic 500, so neither SQL
 * (Drizzle puts the query in its error message) nor stack traces reach the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    // Every error answer is the JSON envelope, whatever the route had set up for its success: a CSV
    // export whose cursor fails (the database going away) must not send the envelope as text/csv,
    // which Fastify refuses with a bare 500.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(failure(error.code, error.message, error.fields, error.details));
    }
    const code = (error as FastifyError).code;
    const known = code ? FASTIFY_ERRORS[code] : undefined;
    if (known) return reply.code(known.status).send(failure(known.code, known.message));

    const status = (error as FastifyError).statusCode;
    if (
      typeof code === 'string' &&
      code.startsWith('FST_') &&
      typeof status === 'number' &&
      status >= 400 &&
      status < 500
    ) {
      // Other framework-level client errors (bad URL encoding, unsupported method…): safe texts.
      request.log.info({ err: error }, 'client error');
      return reply
        .code(status)
        .send(failure(status === 404 ? ERROR_CODES.notFound : ERROR_CODES.validation, error.message));
    }

    // The request's own stream failed: the client went away mid-upload (Node's 'aborted'
    // ECONNRESET). Its socket is not the database's: nothing to retry, nobody left to answer.
    if (request.raw.errored === error || (code === 'ECONNRESET' && error.message === 'aborted')) {
      request.log.info({ err: error }, 'client aborted the request');
      return reply.code(400).send(failure(ERROR_CODES.validation, SERVER_ERRORS.badRequest));
    }

    if (isDatabaseUnavailable(error)) {
      // A restart or failover of PostgreSQL: a clean, retryable answer instead of a 500. The
      // transaction (if any) was never committed, so nothing was half-written.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
        .send(failure(ERROR_CODES.unavailable, SERVER_ERRORS.unavailable));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(ERROR_CODES.internal, SERVER_ERRORS.internal));
  });
}
