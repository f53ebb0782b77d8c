import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rememberingLast } from './remembering.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || trimmed === '*';
  });
}

/** How every success body ends: its `meta.timestamp` comes last (`MetaSchema`). */
const TIMESTAMP_TAIL_LENGTH = '"timestamp":"2026-01-01T00:00:00.000Z"}}'.length;

/**
 * The body without the envelope's `meta.timestamp`, the time of answering: two answers with
 * the same data are the same representation whenever they were made. Cut by length, the part
 * kept is a slice of the body, hashed without being copied.
 */
function withoutTimestamp(body: string): string {
  return body.slice(0, body.length - TIMESTAMP_TAIL_LENGTH);
}

/**
 * Names representations with weak ETags. One per route: a route answers the same data again and
 * again until it changes, and comparing a representation with the last one costs a fraction of
 * hashing it.
 */
export function etagNamer(): (representation: string) => string {
  return rememberingLast((representation: string) => `W/"${hash('sha1', representation, 'base64url')}"`);
}

/**
 * Serialises a 200 answer with the route's response schema and names its data with a weak ETag. The
 * body to send comes back; `undefined` when the client's If-None-Match already names it, and
 * the answer becomes a bodiless 304 (still charged: the quota was spent deciding it).
 */
export function answerWithEtag(request: FastifyRequest, reply: FastifyReply, answer: unknown, etagOf: (representation: string) => string): string | undefined {
  // The route's compiled serializer (fast-json-stringify) always yields a string.
  const body = reply.serialize(answer) as string;
  const etag = etagOf(withoutTimestamp(body));
  reply.header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, etag)) {
    reply.code(304);
    return undefined;
  }
  reply.type(JSON_TYPE);
  return body;
}
