import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from './errors.ts';
import { acceptsCsvFirst, CSV_TYPE, csvText, metaHeaders, refusesJsonForCsv, type CsvColumn } from './csv.ts';
import { StringEnum } from '../kernel/schemas.ts';
import { namesCurrentRepresentation } from './etag.ts';
import { encodeForClient } from './compression.ts';

/** The `format` parameter of every route with a CSV form. */
export const CSV_FORMAT_QUERY = {
  format: Type.Optional(
    StringEnum(['json', 'csv'] as const, {
      description:
        "`csv`: the `data` list as CSV (a `text/csv` body, `meta` in X-Meta-* headers: the 200 response's `x-csv`), as `Accept: text/csv` asks; default JSON",
    }),
  ),
};

/** True when a request to a route with a CSV form asks for it (`format=csv`, or an Accept header ranking CSV above JSON). */
export function wantsCsv(request: FastifyRequest): boolean {
  const format = (request.query as { format?: string }).format;
  return format === undefined ? acceptsCsvFirst(request.headers.accept) : format === 'csv';
}

/** A route with no CSV form asked for CSV only (RFC 9110, 15.5.7): 406, before anything is read. */
export function refuseCsvOnly(request: FastifyRequest): void {
  if (refusesJsonForCsv(request.headers.accept)) {
    throw new ApiError(406, 'INTERNAL_ERROR', 'This answer is not a list and has no CSV form: accept application/json');
  }
}

/** Sends `data` as CSV (compressed when asked), `meta` as headers; a matching If-None-Match gets 304 as JSON answers do. */
export async function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  columns: readonly CsvColumn[],
  answer: { data: unknown; meta: Readonly<Record<string, unknown>> },
  maxAge: number,
): Promise<FastifyReply> {
  const body = csvText(Array.isArray(answer.data) ? answer.data : [], columns);
  const etag = `W/"${hash('sha1', body, 'base64url')}"`;
  reply.headers(metaHeaders(answer.meta));
  reply.header('cache-control', `private, max-age=${Math.max(0, Math.floor(maxAge))}`);
  reply.header('vary', 'accept, accept-encoding');
  reply.header('etag', etag);
  if (namesCurrentRepresentation(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(CSV_TYPE).send(await encodeForClient(request, reply, body));
}
