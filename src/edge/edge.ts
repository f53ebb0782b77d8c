import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, STATUS_NAMES } from './errors.ts';
import { DomainError } from '../kernel/domain-errors.ts';
import { apiErrorOf } from './error-mapping.ts';
import type { Clock } from '../kernel/clock.ts';
import { redactKeys } from '../kernel/logger.ts';
import { errorEnvelope } from './envelope.ts';
import { ApiGate } from './api-gate.ts';
import { AnswerDesk } from './answers/answer-desk.ts';
import { API_PREFIX } from './route.ts';
import type { EdgeContext } from './edge-context.ts';
import type { AnswerSources } from './answer-sources.ts';
import { isStoreUnavailable } from '../store/availability.ts';

const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The edge every `/openapi/v1` request crosses: the gate each API route calls first
 * (401 → 403 → 429; the route then answers 400 and 404), the error envelope for every
 * failure, and the 404 for unknown paths, which under the API prefix still wants a valid key.
 */
export function installEdge(app: FastifyInstance, ctx: EdgeContext, sources: AnswerSources): void {
  const { clock } = ctx;
  const gate = new ApiGate(ctx);
  app.decorate('apiGate', gate);
  app.decorate('answerDesk', new AnswerDesk(ctx.answers, ctx.versions));
  app.decorate('provenance', sources);

  app.setErrorHandler((error: FastifyError | ApiError | DomainError, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) {
      apiError = error;
    } else if (error instanceof DomainError) {
      apiError = apiErrorOf(error);
    } else if (isStoreUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'store unavailable');
      apiError = new ApiError(503, 'INTERNAL_ERROR', 'The data store is temporarily unavailable; retry shortly', {
        'retry-after': String(STORE_RETRY_AFTER_SECONDS),
      });
    } else if (error.statusCode !== undefined && FRAMEWORK_STATUSES.has(error.statusCode)) {
      // Fastify's own refusals keep their status; their messages may echo the request.
      apiError = new ApiError(error.statusCode, 'INTERNAL_ERROR', STATUS_NAMES[error.statusCode] ?? 'Client error');
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      apiError = new ApiError(400, 'INTERNAL_ERROR', [error.message]);
    } else {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError(500, 'INTERNAL_ERROR', 'Internal server error');
    }
    sendApiError(reply, clock, apiError);
  });

  app.setNotFoundHandler(async (request, reply) => notFound(request, reply, clock));

  // Unknown paths and other methods under the API prefix want a valid key first, so a client
  // without one learns nothing about which paths exist; then every method other than GET and
  // HEAD is a 405 on every path, known or not. Both are decided in this scope's onRequest,
  // before Fastify reads a request body (the API reads none; the dashboard's are its own).
  void app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        await gate.admitUnknownPath(request, reply);
        if (!isReadMethod(request.method)) throw methodNotAllowed();
      });
      api.setNotFoundHandler(async (request, reply) => notFound(request, reply, clock));
    },
    { prefix: API_PREFIX },
  );
}

function notFound(request: FastifyRequest, reply: FastifyReply, clock: Clock): FastifyReply {
  reply.header('cache-control', 'no-store');
  const path = redactKeys(request.url.split('?')[0] ?? request.url);
  return reply
    .code(404)
    .send(errorEnvelope(clock, 404, 'INTERNAL_ERROR', `No endpoint at ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`));
}

/** Statuses Fastify and Node answer on their own that keep their meaning in the envelope. */
const FRAMEWORK_STATUSES = new Set([405, 408, 413, 414, 415, 431]);

export const isReadMethod = (method: string) => method === 'GET' || method === 'HEAD';

/** Every method but GET and HEAD, on every path under the API prefix. */
export function methodNotAllowed(): ApiError {
  return new ApiError(405, 'INTERNAL_ERROR', 'Method not allowed: this API answers GET and HEAD only', { allow: 'GET, HEAD' });
}

export function isUnderApiPrefix(url: string): boolean {
  return url.startsWith(API_PREFIX) && (url.length === API_PREFIX.length || url[API_PREFIX.length] === '/' || url[API_PREFIX.length] === '?');
}

/** Answers `error` with the error envelope, its status and headers; errors are never cached. */
export function sendApiError(reply: FastifyReply, clock: Clock, error: ApiError): void {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.header('cache-control', 'no-store');
  reply.code(error.statusCode).send(errorEnvelope(clock, error.statusCode, error.code, error.messages));
}
