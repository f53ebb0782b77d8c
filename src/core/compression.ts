import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Below this many characters (at least as many bytes), compressing costs more than it saves. */
const THRESHOLD_CHARACTERS = 1024;
// Quality 4 keeps brotli near gzip's speed with better ratios; 11 (the default) is far slower.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepted = acceptEncoding.split(',').map((part) => {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    return { name: name.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
  });
  const allows = (name: string) => accepted.some((a) => (a.name === name || a.name === '*') && a.q > 0);
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/**
 * gzip or br for JSON answers when the client accepts them, on zlib's thread pool. The route
 * has already named its answer with an ETag, so the validator names the representation before
 * encoding (a weak ETag).
 * Responses vary by Accept-Encoding whether or not this one was compressed.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || reply.statusCode === 304) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    if (payload.length < THRESHOLD_CHARACTERS) return done(null, payload);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return done(null, payload);
    const finish = (error: Error | null, compressed: Buffer) => {
      if (error !== null) return done(null, payload);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, compressed);
    };
    if (encoding === 'br') brotliCompress(payload, BROTLI_OPTIONS, finish);
    else gzip(payload, finish);
  });
}
