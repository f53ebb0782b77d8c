import type { FastifyInstance } from 'fastify';
import { redactKeys } from './logger.ts';

/**
 * One structured line per answered request, through the request's own logger (so it carries the
 * request id): what, who (the key id, never the key), how it ended. Fastify's own two request
 * lines stay off (`disableRequestLogging`).
 */
export function logEveryResponse(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactKeys(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        keyId: request.auth?.key.id,
        remoteAddress: request.ip,
      },
      'request',
    );
  });
}
