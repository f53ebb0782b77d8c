import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, STATUS_NAMES } from './errors.ts';
import { errorEnvelope } from './envelope.ts';
import type { Clock } from '../kernel/clock.ts';
import type { AccessLog } from './access-log.ts';
import { isReadMethod, isUnderApiPrefix, methodNotAllowed, sendApiError } from './edge.ts';

/**
 * The errors Fastify and Node's HTTP parser raise before any route runs, answered with the
 * error envelope like every other error. None of their messages is passed on: Fastify's echo
 * the URL, which may carry a key.
 */

/** Fastify's router refusing a URL: a malformed percent-encoding, a path parameter too long. */
const ROUTER_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid: a percent-encoding in it does not decode' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A path parameter is longer than any this API accepts' },
};

/**
 * Fastify's `frameworkErrors` option. Under the API prefix the key is checked first, as for
 * any unknown path, so a client without one learns nothing about the URL.
 */
export function answerFrameworkError(clock: Clock, accessLog: AccessLog): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    // Fastify writes no access line for these: it never set the request on its route.
    reply.raw.once('finish', () => accessLog.requestCompleted(null, request, reply));
    const known = ROUTER_ERRORS[error.code];
    const underApi = isUnderApiPrefix(request.url);
    // Other methods are a 405 on every path under the prefix, this one too.
    const apiError =
      underApi && !isReadMethod(request.method)
        ? methodNotAllowed()
        : new ApiError(known?.status ?? 400, 'INTERNAL_ERROR', known?.message ?? 'The request could not be routed');
    const admitted = underApi ? request.server.apiGate.admitUnknownPath(request, reply) : Promise.resolve();
    admitted.then(
      () => sendApiError(reply, clock, apiError),
      (refusal: unknown) => sendApiError(reply, clock, refusal instanceof ApiError ? refusal : apiError),
    );
  };
}

/** What Node's HTTP parser reports on a connection before there is a request, by error code. */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return 408;
  if (code === 'HPE_URI_TOO_LONG') return 414;
  return 400;
}

/**
 * Fastify's `clientErrorHandler`: headers too large, a request that did not arrive in time, a
 * request Node cannot parse. There is no Fastify request, so the envelope is written straight to
 * the socket (as Node's own handler would write a bare status line), and the access line is
 * written here, with an id of its own.
 */
export function answerClientError(clock: Clock): (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) => void {
  return function (error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = clientErrorStatus(error.code);
    this.log.info({ reqId: `client-error-${randomUUID()}`, statusCode: status, clientError: error.code, remoteAddress: socket.remoteAddress }, 'request');
    // A response already under way on this connection cannot be followed by another.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && inFlight?.headersSent !== true) {
      const message =
        status === 408
          ? 'The request did not arrive in time'
          : status === 431
            ? 'The request line or headers are too large'
            : 'The request could not be parsed';
      const body = JSON.stringify(errorEnvelope(clock, status, 'INTERNAL_ERROR', message));
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_NAMES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
