import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactKeys } from './logger.ts';

/**
 * One structured line per answered request, through the request's own logger (so it carries the
 * request id): what, who (the key id, never the key), how it ended. Written from the log
 * controller Fastify calls once a response has finished, in place of Fastify's own two lines.
 */
export class AccessLog extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
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
  }
}
