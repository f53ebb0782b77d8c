import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { TSchema } from 'typebox';
import type { TestHub } from '../../helpers/app.ts';
import { matchRoute, publisherRoutes, routesFetch } from '../../helpers/routes-fetch.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';
import type { CollectContext, SourceDefinition } from '../../../src/ingest/sync/source-definition.ts';

/**
 * A publisher's test double that tells a lie: its recorded answers at their real paths, but for
 * the samples named in `bodies`, whose content is replaced (one value or one row changed).
 */
export function lyingFetch(publisher: string, bodies: Readonly<Record<string, string>>): CollectContext['fetch'] {
  const routes = publisherRoutes(publisher);
  const { fetch } = routesFetch(publisher);
  return async (request) => {
    const answer = await fetch(request);
    const lie = bodies[matchRoute(routes, new URL(request.url))?.file ?? ''];
    if (answer.notModified || lie === undefined) return answer;
    const body = Buffer.from(lie);
    return { ...answer, body, archiveHash: createHash('sha256').update(body).digest('hex') };
  };
}

/** A source's `collect` against the lying double, as collectFromRoutes runs it against the true one. */
export function collectLying<ParamsSchema extends TSchema>(
  source: SourceDefinition<ParamsSchema>,
  bodies: Readonly<Record<string, string>>,
  options: { params?: Record<string, unknown>; credentials?: Record<string, string>; now?: Date } = {},
) {
  return source.collect({
    baseUrl: 'http://publisher.test',
    params: sourceParams(source, options.params),
    credentials: options.credentials ?? {},
    cursor: undefined,
    now: options.now ?? new Date('2026-06-19T17:00:00Z'),
    fetch: lyingFetch(source.publisher, bodies),
  });
}

/** Every answer of `paths` (under /openapi/v1), each a 200, by path: compared whole before and after a lie. */
export async function answersOf(hub: TestHub, key: string, paths: readonly string[]): Promise<Record<string, string>> {
  const bodies: Record<string, string> = {};
  for (const path of paths) {
    const answer = await hub.get(`/openapi/v1${path}`, key);
    assert.equal(answer.statusCode, 200, `${path}: ${answer.body.slice(0, 300)}`);
    bodies[path] = answer.body;
  }
  return bodies;
}

/** An ImportError whose message matches `reason`: the refusal names the file and the line or observation. */
export const refusedFor = (reason: RegExp) => (error: unknown) => error instanceof ImportError && reason.test(error.message);

/** `text` quoted as a refusal shows it (`"1e308"`), as a regular expression matching it literally. */
export const quotedText = (text: string): string => JSON.stringify(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
