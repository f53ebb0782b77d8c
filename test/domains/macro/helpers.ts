import { fileURLToPath } from 'node:url';
import type { TestHub } from '../../helpers/app.ts';
import { recordObservations } from '../../../src/store/vintage.ts';
import { writeVersioned } from '../../../src/store/versioned-write.ts';

/** One hand-made release: what a publisher's file would carry, learned at `knowledgeAt`. */
export interface TestRelease {
  knowledgeAt: string;
  source?: string;
  rows: readonly (readonly [series: string, period: string, value: number | null, marker?: string])[];
}

let counter = 0;

/** Loads releases through the vintage store's own write path, in the order given. */
export async function loadReleases(hub: TestHub, releases: readonly TestRelease[]): Promise<void> {
  const db = hub.runtime.store.db;
  for (const release of releases) {
    counter += 1;
    const id = `rel_test_${counter}`;
    const source = release.source ?? 'Test publisher';
    await writeVersioned(db, async (trx) => {
      await trx
        .insertInto('release')
        .values({ id, dataset: 'test', source, file_name: null, content_hash: id, knowledge_at: release.knowledgeAt, loaded_at: release.knowledgeAt })
        .execute();
      await recordObservations(
        trx,
        { id, knowledgeAt: release.knowledgeAt },
        release.rows.map(([series, period, value, marker]) => ({ series, period, value, marker: marker ?? null })),
      );
      return { result: undefined, changed: ['macro'] };
    });
  }
}

export async function clearStore(hub: TestHub): Promise<void> {
  await hub.runtime.store.db.deleteFrom('macro_observation').execute();
  await hub.runtime.store.db.deleteFrom('release').execute();
  await hub.changed('macro');
}

export interface Envelope<Data> {
  success: boolean;
  statusCode: number;
  data: Data;
  meta: { timestamp: string; knowledgeAt?: string | null; wasRestated?: boolean };
  error?: { code: string; message: string | string[] };
}

/** GET below `/openapi/v1`; returns status, parsed body and the raw text. */
export async function call<Data = unknown>(hub: TestHub, key: string, url: string): Promise<{ status: number; body: Envelope<Data>; raw: string }> {
  const response = await hub.get(`/openapi/v1${url}`, key);
  const body = JSON.parse(response.body) as Envelope<Data>;
  return { status: response.statusCode, body, raw: response.body };
}

/** The error messages of a 400, as one string to search. */
export const messages = (body: Envelope<unknown>): string => [body.error?.message ?? []].flat().join(' | ');

/** A publisher-layout fixture file under test/fixtures/macro. */
export const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/macro/${name}`, import.meta.url));
