import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FetchResult, SourceRequest } from '../../src/ingest/sync/source-definition.ts';

interface Route {
  path: string;
  query?: Record<string, string>;
  file: string;
  headers?: Record<string, string>;
  origin: string;
}

const publisherDir = (publisher: string) => new URL(`../fixtures/publishers/${publisher}/`, import.meta.url);

/** The routes of a publisher's recorded samples (test/fixtures/publishers/README.md). */
export function publisherRoutes(publisher: string): Route[] {
  return (JSON.parse(readFileSync(new URL('routes.json', publisherDir(publisher)), 'utf8')) as { routes: Route[] }).routes;
}

/** The bytes of one recorded sample. */
export const publisherSample = (publisher: string, file: string) => readFileSync(new URL(file, publisherDir(publisher)));

export interface RoutesFetch {
  fetch(request: SourceRequest): Promise<FetchResult>;
  /** Every request made, in order. */
  requests: SourceRequest[];
}

/**
 * A `CollectContext.fetch` that answers from a publisher's `routes.json` as the test double
 * does: the path must be equal and every query parameter the route lists present with its
 * value (others, such as credentials, are ignored); of several matching routes the one listing
 * the most parameters answers. A request no route answers fails, as a 404 would.
 */
export function routesFetch(publisher: string, options: { notModified?: (url: URL) => boolean } = {}): RoutesFetch {
  const routes = publisherRoutes(publisher);
  const requests: SourceRequest[] = [];
  return {
    requests,
    async fetch(request) {
      requests.push(request);
      const url = new URL(request.url);
      if (options.notModified?.(url) === true) return { notModified: true, url: request.url };
      const matches = routes.filter((r) => r.path === url.pathname && Object.entries(r.query ?? {}).every(([k, v]) => url.searchParams.get(k) === v));
      const route = matches.sort((a, b) => Object.keys(b.query ?? {}).length - Object.keys(a.query ?? {}).length)[0];
      if (route === undefined) throw new Error(`404: no recorded ${publisher} answer for ${request.url}`);
      const body = publisherSample(publisher, route.file);
      return {
        notModified: false,
        url: request.url,
        status: 200,
        headers: route.headers ?? {},
        body,
        archiveHash: createHash('sha256').update(body).digest('hex'),
      };
    },
  };
}
