import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { weightedList } from './quality-list.ts';

/** Below this many characters (at least as many bytes), compressing costs more than it saves. */
const THRESHOLD_CHARACTERS = 1024;
// Quality 4 keeps brotli near gzip's speed with better ratios; 11 (the default) is far slower.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepted = weightedList(acceptEncoding);
  const allows = (name: string) => accepted.some((a) => (a.name === name || a.name === '*') && a.q > 0);
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/**
 * Answers vary by Accept-Encoding whether or not one was compressed, and a 304 says so too
 * (RFC 9110, 15.4.5).
 */
export function varyByEncoding(reply: FastifyReply): void {
  reply.header('vary', 'accept-encoding');
}

/**
 * The body in the encoding the client prefers, gzip or br, compressed on zlib's thread pool;
 * bodies too small to gain stay as they are.
 */
export function encodeForClient(request: FastifyRequest, reply: FastifyReply, body: string): string | Promise<string | Buffer> {
  if (body.length < THRESHOLD_CHARACTERS) return body;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === undefined) return body;
  return new Promise((resolve) => {
    const finish = (error: Error | null, compressed: Buffer) => {
      if (error !== null) return resolve(body);
      reply.header('content-encoding', encoding);
      resolve(compressed);
    };
    if (encoding === 'br') brotliCompress(body, BROTLI_OPTIONS, finish);
    else gzip(body, finish);
  });
}

/**
 * For routes outside the API whose JSON Fastify serialises (the OpenAPI document, at
 * `/openapi.json` and under `/docs`): the API's own routes keep their answers compressed
 * (`answers/`).
 */
export function encodeSerialisedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload: unknown) => void,
): void {
  if (typeof payload !== 'string') {
    done(null, payload);
    return;
  }
  varyByEncoding(reply);
  const encoded = encodeForClient(request, reply, payload);
  if (typeof encoded === 'string') done(null, encoded);
  else void encoded.then((bytes) => done(null, bytes));
}
