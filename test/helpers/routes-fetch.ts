import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSchema } from 'typebox';
import {
  isParsedPayload,
  type BytesPayload,
  type CollectContext,
  type FetchResult,
  type ImportPayload,
  type ParsedPayload,
  type SourceCursor,
  type SourceDefinition,
  type SourceRequest,
} from '../../src/ingest/sync/source-definition.ts';
import { sourceParams } from '../../src/ingest/sync/catalogue.ts';
import { commitRelease, prepareContent, prepareParsed } from '../../src/ingest/source.ts';
import { writeVersioned } from '../../src/store/versioned-write.ts';
import type { TestHub } from './app.ts';

/** One answer of a publisher's test double (test/fixtures/publishers/README.md). */
export interface Route {
  path: string;
  query?: Record<string, string>;
  file: string;
  headers?: Record<string, string>;
  origin: string;
}

export const PUBLISHERS_DIR = fileURLToPath(new URL('../fixtures/publishers/', import.meta.url));

export function publisherRoutes(publisher: string): Route[] {
  return (JSON.parse(readFileSync(join(PUBLISHERS_DIR, publisher, 'routes.json'), 'utf8')) as { routes: Route[] }).routes;
}

/** The bytes of one recorded sample. */
export function publisherSample(publisher: string, file: string): Buffer {
  return readFileSync(join(PUBLISHERS_DIR, publisher, file));
}

/**
 * The route a URL matches, as the test double matches: equal path, every listed query parameter
 * present with that value (others, such as credentials, are ignored); of several, the one
 * listing the most parameters.
 */
export function matchRoute<R extends Pick<Route, 'path' | 'query'>>(routes: readonly R[], url: URL): R | undefined {
  const matches = routes.filter(
    (route) => route.path === url.pathname && Object.entries(route.query ?? {}).every(([name, value]) => url.searchParams.get(name) === value),
  );
  return matches.sort((a, b) => Object.keys(b.query ?? {}).length - Object.keys(a.query ?? {}).length)[0];
}

/**
 * A `CollectContext.fetch` answering from a publisher's routes.json, offline, recording every
 * request it was asked; a URL no route matches is a 404 thrown as the runner would, and one
 * `notModified` picks answers 304.
 */
export function routesFetch(
  publisher: string,
  options: { notModified?: (url: URL) => boolean } = {},
): { fetch: CollectContext['fetch']; requests: SourceRequest[] } {
  const routes = publisherRoutes(publisher);
  const requests: SourceRequest[] = [];
  return {
    requests,
    async fetch(request): Promise<FetchResult> {
      requests.push(request);
      const url = new URL(request.url);
      if (options.notModified?.(url) === true) return { notModified: true, url: request.url };
      const route = matchRoute(routes, url);
      if (route === undefined && request.absentOk === true) return { notModified: true, absent: true, url: request.url };
      if (route === undefined) throw new Error(`404: no recorded ${publisher} answer for ${request.url}`);
      const body = publisherSample(publisher, route.file);
      const archiveHash = createHash('sha256').update(body).digest('hex');
      return { notModified: false, url: request.url, status: 200, headers: route.headers ?? {}, body, archiveHash };
    },
  };
}

/** Runs a source's `collect` against its publisher's routes at a fake base URL. */
export async function collectFromRoutes<ParamsSchema extends TSchema>(
  source: SourceDefinition<ParamsSchema>,
  options: { params?: Record<string, unknown>; credentials?: Record<string, string>; cursor?: SourceCursor; baseUrl?: string } = {},
) {
  const { fetch, requests } = routesFetch(source.publisher);
  const result = await source.collect({
    baseUrl: options.baseUrl ?? 'http://publisher.test',
    // Checked as the sources file's are: a bad parameter is refused here, before collect runs.
    params: sourceParams(source, options.params),
    credentials: options.credentials ?? {},
    cursor: options.cursor,
    now: new Date('2026-06-19T17:00:00Z'),
    fetch,
  });
  return { result, requests };
}

/** Imports a source's payloads into a hub's store as `fdh sync` would: each parsed once, from memory, one release each, in order, known when the payload says (else `at`). */
export async function importPayloads(hub: TestHub, payloads: readonly ImportPayload[], at = new Date('2026-06-19T17:00:00Z')) {
  const results = [];
  for (const payload of payloads) {
    const prepared = isParsedPayload(payload)
      ? prepareParsed(payload.importer, payload.parsed, payload.fileName)
      : await prepareContent(payload.importer, payload.content, payload.fileName);
    const options = { knowledgeAt: payload.knowledgeAt ?? at, loadedAt: at };
    results.push(await writeVersioned(hub.runtime.store.db, (trx) => commitRelease(trx, prepared, options)));
  }
  return results;
}

/** A payload's bytes (the publisher's file passed through); fails for records a source read. */
export function payloadBytes(payload: ImportPayload | undefined): Buffer {
  if (payload === undefined || isParsedPayload(payload))
    throw new Error(`expected a payload of bytes, got ${payload === undefined ? 'none' : `records for ${payload.fileName}`}`);
  return (payload as BytesPayload).content;
}

/** The records a source read (a ParsedPayload); fails for bytes passed through. */
export function payloadRecords<P = unknown>(payload: ImportPayload | undefined): P {
  if (payload === undefined || !isParsedPayload(payload))
    throw new Error(`expected a payload of parsed records, got ${payload === undefined ? 'none' : `bytes of ${payload.fileName}`}`);
  return (payload as ParsedPayload<P>).parsed;
}
