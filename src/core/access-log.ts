import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { redactKeys } from './logger.ts';

/** Told of every answered request after its access line (usage metering); runs on the request path, so it must be cheap. */
export interface CompletedRequestListener {
  requestCompleted(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * One structured line per answered request, through the request's own logger (so it carries the
 * request id): what, who (the key id, never the key), how it ended. Written from the log
 * controller Fastify calls once a response has finished, in place of Fastify's own two lines.
 */
export class AccessLog extends LogController {
  readonly #listener: CompletedRequestListener | undefined;
  /** The process's logger: its requests' loggers are its children, at its level. */
  readonly #logger: Pick<Logger, 'isLevelEnabled'>;

  constructor(logger: Pick<Logger, 'isLevelEnabled'>, listener?: CompletedRequestListener) {
    super({ disableRequestLogging: true });
    this.#logger = logger;
    this.#listener = listener;
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // The line is built only when it is written: below `info` there is nothing to redact.
    if (this.#logger.isLevelEnabled('info')) this.#writeLine(request, reply);
    this.#listener?.requestCompleted(request, reply);
  }

  #writeLine(request: FastifyRequest, reply: FastifyReply): void {
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
