import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cleanups, TestHub } from './app.ts';
import { snapshotHub } from './store-snapshot.ts';
import { startPublisherDouble, type PublisherDouble } from './publisher-double.ts';
import type { SourceDefinition } from '../../src/ingest/sync/source-definition.ts';
import { SyncService } from '../../src/ingest/sync/sync.service.ts';
import type { RunOutcome } from '../../src/ingest/sync/runner.ts';
import { sources } from '../../src/ingest/sources/index.ts';
import { operatorFilesSource } from '../../src/ingest/sources/operator/index.ts';
import { DEFAULT_FEEDS } from '../../src/ingest/sources/rss/index.ts';

/** Each shipped source's parameters for the doubles' samples (a source absent here runs with its defaults). */
export const DOUBLE_SOURCE_PARAMS: Record<string, Record<string, unknown>> = {
  'jba-tibor': { path: '/rate/jba-tibor-2026-06.csv' },
  // The default feeds (at their real paths on the double), and illustrative ones dated within the test clock's sentiment week (the real captures are of September 2026).
  'rss-feeds': { feeds: [...DEFAULT_FEEDS, { url: '/feeds/markets.rss.xml' }, { url: '/feeds/markets.atom.xml' }] },
  'jquants-equities-bars-daily': { initialDays: 1 },
  'jquants-fins-summary': { initialDays: 1 },
  'jquants-indices-bars-daily': { initialDays: 1 },
  'mlit-transactions': { initialQuarters: 1 },
  // The first day of the recorded KOSPI rows (test/fixtures/publishers/bok).
  'bok-kospi': { from: '2023-07-11' },
  'fred-commodities': {
    series: ['DCOILWTICO', 'PCOPPUSDM', 'DCOILBRENTEU', 'DHHNGSP', 'PALUMUSDM', 'PSUGAISAUSDM', 'PCOFFOTMUSDM', 'PCOALAUUSDM', 'PCOCOUSDM'],
  },
};

/**
 * The shipped sources that read a publisher: all but the operator's own files (operator-files),
 * which read local paths the operator names and have no recorded sample; a test that loads
 * them does it itself (test/ingest/importers/operator/).
 */
export const PUBLISHER_SOURCES = sources.filter((source) => source.id !== operatorFilesSource.id);

/** Credentials whose value a double checks; every other credential a source declares gets a placeholder. */
export const DOUBLE_CREDENTIALS: Record<string, string> = {
  FRED_API_KEY: 'fred-test-key',
  JQUANTS_API_KEY: 'jquants-test-key',
  MLIT_API_KEY: 'mlit-test-key',
  BOK_ECOS_API_KEY: 'bok-test-key',
};

export interface AllPublishersHub {
  hub: TestHub;
  sync: SyncService;
  /** The sources file: every shipped source enabled and pointed at the double. */
  sourcesFile: string;
  /** The outcome of one `fdh sync` run of every shipped publisher source. */
  outcomes: RunOutcome[];
}

/**
 * A store with no demo (FDH_DEMO=off), the sources file pointing every shipped publisher at the
 * local double (which serves each publisher's recorded samples at its real paths) with every
 * publisher source enabled (the operator's files off), and one sync run of every source.
 */
/**
 * A publisher double of the chosen sources' publishers and a sources file enabling exactly those
 * sources against it, with the params the recorded samples need.
 */
export async function doubleSources(t: Cleanups, chosen: readonly SourceDefinition[]): Promise<{ double: PublisherDouble; sourcesFile: string }> {
  const publishers = [...new Set(chosen.map((source) => source.publisher))];
  const double = await startPublisherDouble({ publishers });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-double-sources-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify({
      // The double answers at once: the publishers' rate-limit gaps would only slow the test.
      publishers: Object.fromEntries(publishers.map((id) => [id, { baseUrl: double.baseUrl, minRequestIntervalMs: 0 }])),
      sources: Object.fromEntries(sources.map((source) => [source.id, { enabled: chosen.includes(source), params: DOUBLE_SOURCE_PARAMS[source.id] ?? {} }])),
    }),
  );
  return { double, sourcesFile };
}

export async function allPublishersHub(t: Cleanups): Promise<AllPublishersHub> {
  const { sourcesFile } = await doubleSources(t, PUBLISHER_SOURCES);
  const options = { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_CONTACT: 'hub-tests@example.org' } };
  // One sync of every source per test run: each test file that asks gets a copy of its store.
  const { hub, extra: outcomes } = await snapshotHub(t, 'all_publishers', options, async (built, scope) =>
    (await openSync(built, scope)).run(PUBLISHER_SOURCES.map((source) => source.id)),
  );
  return { hub, sync: await openSync(hub, t), sourcesFile, outcomes };
}

async function openSync(hub: TestHub, scope: Cleanups): Promise<SyncService> {
  const credentials = Object.fromEntries(
    sources.flatMap((source) => source.credentials.map((spec) => [spec.env, DOUBLE_CREDENTIALS[spec.env] ?? 'double-test-key'])),
  );
  const sync = await SyncService.open({ ...hub.runtime, env: credentials });
  scope.after(() => sync.close());
  return sync;
}
