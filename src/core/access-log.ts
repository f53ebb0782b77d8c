import type { FastifyInstance } from 'fastify';
import { redactKeys } from './logger.ts';

/** One structured line per answered request: who (key id, never the key), what, how it ended. */
export function installAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        reqId: request.id,
        method: request.method,
        url: redactKeys(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        keyId: request.auth?.key.id,
        remoteAddress: request.ip,
      },
      'request',
    );
    done();
  });
}
