import type { FastifyInstance } from 'fastify';

/** One year, as browsers' preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries, set when the request arrives so that errors, 404s and the
 * OpenAPI document have them too: `nosniff` (a browser never guesses a type other than the one
 * sent) and, when the hub is reached over HTTPS (`FDH_TLS`), Strict-Transport-Security.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { tls: boolean }): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request is work for nothing.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (options.tls) reply.header('strict-transport-security', HSTS);
    done();
  });
}
