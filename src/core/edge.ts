import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';
import { errorEnvelope } from './envelope.ts';
import { ApiGate } from './api-gate.ts';
import { AnswerDesk } from './answers/answer-desk.ts';
import { API_PREFIX } from './route.ts';
import type { AppContext } from './context.ts';
import { isStoreUnavailable } from '../store/availability.ts';

const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The edge every `/openapi/v1` request crosses: the gate each API route calls first
 * (401 → 403 → 429; the route then answers 400 and 404), the error envelope for every
 * failure, and the 404 for unknown paths, which under the API prefix still wants a valid key.
 */
export function installEdge(app: FastifyInstance, ctx: AppContext): void {
  const { clock } = ctx;
  const gate = new ApiGate(ctx);
  app.decorate('apiGate', gate);
  app.decorate('answerDesk', new AnswerDesk(ctx.answers, ctx.versions));

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) {
      apiError = error;
    } else if (isStoreUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'store unavailable');
      apiError = new ApiError(503, 'INTERNAL_ERROR', 'The data store is temporarily unavailable; retry shortly', {
        'retry-after': String(STORE_RETRY_AFTER_SECONDS),
      });
    } else if (error.statusCode === 405) {
      apiError = new ApiError(405, 'INTERNAL_ERROR', error.message);
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      apiError = new ApiError(400, 'INTERNAL_ERROR', [error.message]);
    } else {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError(500, 'INTERNAL_ERROR', 'Internal server error');
    }
    for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
    reply.header('cache-control', 'no-store');
    reply.code(apiError.statusCode).send(errorEnvelope(clock, apiError.statusCode, apiError.code, apiError.messages));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith(API_PREFIX + '/')) await gate.admitUnknownPath(request, reply);
    reply.header('cache-control', 'no-store');
    const path = request.url.split('?')[0] ?? request.url;
    reply.code(404).send(errorEnvelope(clock, 404, 'INTERNAL_ERROR', `No endpoint at ${request.method} ${path}`));
  });
}
