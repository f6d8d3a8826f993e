import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import { ERROR_CODES, SERVER_ERRORS } from 'shared-contracts';
import { failure } from '../http/envelope';

/**
 * Errors Fastify raises before a route (or the error handler) runs, answered in the envelope like
 * everything else instead of Fastify's own `{ error, message, statusCode }` format.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? SERVER_ERRORS.badUrl
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? SERVER_ERRORS.pathTooLong
        : SERVER_ERRORS.badRequest;
  void reply.code(400).send(failure(ERROR_CODES.validation, message));
};

/**
 * Requests Node's HTTP parser refuses (an over-long header, a malformed request line, a timeout)
 * never reach Fastify's routing: there is only the socket. Write the envelope on it by hand.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', SERVER_ERRORS.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', SERVER_ERRORS.requestTimeout]
        : [400, 'Bad Request', SERVER_ERRORS.badRequest];
  const body = JSON.stringify(failure(ERROR_CODES.validation, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
