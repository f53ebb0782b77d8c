import pino, { type Logger } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactKeys } from './logger.ts';
import { rememberingLast } from './remembering.ts';

const INFO = 30;

/**
 * Milliseconds to two decimals, printed from integers: printing a fraction's shortest form
 * costs several times more. `0.05`, `12.50`: a JSON number either way.
 */
export function millisecondsText(ms: number): string {
  const hundredths = Math.round(ms * 100);
  const fraction = hundredths % 100;
  return `${(hundredths - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/**
 * One structured line per answered request: who (key id, never the key), what, how it ended.
 * Fastify's own request lines (two per request) stay off.
 *
 * Written from Fastify's log controller, the hook it calls once a response has finished or
 * failed, rather than from an `onResponse` hook: the hook runner Fastify would wrap around a
 * hook costs the request path as much as composing the line does.
 *
 * The line is pino's own format (level, time, the logger's bindings, then the fields, then
 * `msg`) written to the logger's destination, but composed here: its fields are fixed and
 * every value but the URL is well formed by construction (request ids, methods, addresses and
 * key ids carry nothing to escape), so pino's walk over an object with a check per character of
 * every key and value would cost the hot path more than the rest of the gate does.
 */
export class AccessLog extends LogController {
  readonly #logger: Logger;
  readonly #destination: pino.DestinationStream;
  readonly #bindings: string;
  // Epoch milliseconds are past V8's small integers; under load many lines share one.
  readonly #timeTextOf = rememberingLast((ms: number) => `${ms}`);

  constructor(logger: Logger) {
    super({ disableRequestLogging: true });
    this.#logger = logger;
    const internals = logger as unknown as Record<symbol, unknown>;
    this.#destination = internals[pino.symbols.streamSym] as pino.DestinationStream;
    this.#bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.#logger.levelVal > INFO) return;
    const keyId = request.auth?.key.id;
    // Undefined once the client has gone: pino leaves such fields out, and so does this line.
    const address: string | undefined = request.ip;
    this.#destination.write(
      `{"level":${INFO},"time":${this.#timeTextOf(Date.now())}${this.#bindings},"reqId":"${request.id}","method":"${request.method}",` +
        `"url":${JSON.stringify(redactKeys(request.url))},"statusCode":${reply.statusCode},` +
        `"ms":${millisecondsText(reply.elapsedTime)}${keyId === undefined ? '' : `,"keyId":"${keyId}"`},` +
        `${address === undefined ? '' : `"remoteAddress":"${address}",`}"msg":"request"}\n`,
    );
  }
}
