import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import { redactKeys } from './logger.ts';
import { rememberingLast } from './remembering.ts';

const INFO = 30;

/**
 * One structured line per answered request: who (key id, never the key), what, how it ended.
 *
 * The line is pino's own format (level, time, the logger's bindings, then the fields, then
 * `msg`) written to the logger's destination, but composed here: its fields are fixed and
 * every value but the URL is well formed by construction (request ids, methods, addresses and
 * key ids carry nothing to escape), so pino's walk over an object with a check per character of
 * every key and value would cost the hot path more than the rest of the gate does.
 */
export function installAccessLog(app: FastifyInstance): void {
  const logger = app.log as Logger;
  const internals = logger as unknown as Record<symbol, unknown>;
  const destination = internals[pino.symbols.streamSym] as pino.DestinationStream;
  const bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  // Epoch milliseconds are past V8's small integers; under load many lines share one.
  const timeTextOf = rememberingLast((ms) => `${ms}`);
  app.addHook('onResponse', (request, reply, done) => {
    if (logger.levelVal <= INFO) {
      const keyId = request.auth?.key.id;
      // Undefined once the client has gone: pino leaves such fields out, and so does this line.
      const address: string | undefined = request.ip;
      destination.write(
        `{"level":${INFO},"time":${timeTextOf(Date.now())}${bindings},"reqId":"${request.id}","method":"${request.method}",` +
          `"url":${JSON.stringify(redactKeys(request.url))},"statusCode":${reply.statusCode},` +
          `"ms":${Math.round(reply.elapsedTime * 100) / 100}${keyId === undefined ? '' : `,"keyId":"${keyId}"`},` +
          `${address === undefined ? '' : `"remoteAddress":"${address}",`}"msg":"request"}\n`,
      );
    }
    done();
  });
}
