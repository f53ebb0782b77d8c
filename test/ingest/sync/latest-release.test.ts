import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { startPublisherDouble } from '../../helpers/publisher-double.ts';
import { PUBLISHERS_DIR } from '../../helpers/routes-fetch.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';

/**
 * "Defaults must not go stale": a source that reads one release of many finds the newest itself.
 * Each case runs one shipped source, with its shipped defaults and no parameter in the sources
 * file, against a double that serves the publisher's samples and, over them, the files of
 * test/fixtures/latest-release/<publisher>/: an index (a page, or e-Stat's catalogue) that also
 * lists a newer release, and that release's file. The newer release is the one loaded; the samples' is not even asked for.
 */
const NEWER = fileURLToPath(new URL('../../fixtures/latest-release/', import.meta.url));

interface Case {
  source: string;
  publisher: string;
  /** The path of the newer release's file(s), which must be asked for; `path?name=value` also names a query parameter the request must carry. */
  newer: string[];
  /** The path of the samples' release, which must not. */
  older: string[];
  /** The file names of the releases loaded. */
  loaded: string[];
  /** The source's credentials, when it needs one. */
  env?: Record<string, string>;
  /** The hub's clock, when the newer release is dated after the test clock (TEST_NOW). */
  now?: string;
  /** Macro figures only the newer release holds, `[series, period, value]`, when its file names are the older one's. */
  figures?: [string, string, number][];
}

const CASES: Case[] = [
  {
    source: 'cao-gdp',
    publisher: 'cao',
    newer: ['/jp/sna/data/data_list/sokuhou/files/2015/qe154/tables/gaku-jk1541.csv', '/jp/sna/data/data_list/sokuhou/files/2015/qe154/tables/gaku-mk1541.csv'],
    older: ['/jp/sna/data/data_list/sokuhou/files/2015/qe153_2/tables/gaku-jk1532.csv'],
    loaded: ['gaku-jk1541.csv', 'gaku-mk1541.csv'],
  },
  {
    // Editions are named by year: at the test clock (2026-06-19) the 2026 edition is not out, the 2025 one is.
    source: 'mlit-ksj-n03',
    publisher: 'mlit-ksj',
    newer: ['/ksj/gml/data/N03/N03-2025/N03-20250101_13_GML.zip'],
    older: ['/ksj/gml/data/N03/N03-2024/N03-20240101_13_GML.zip'],
    loaded: ['N03-20250101_13.geojson'],
  },
  {
    // The CPI's catalogue lists the 2025-base table beside the sample's 2020-base one; the other series' tables are pinned.
    source: 'estat-macro',
    publisher: 'estat',
    newer: [
      '/rest/3.0/app/json/getStatsList?statsCode=00200573',
      '/rest/3.0/app/json/getStatsData?statsDataId=0004052037&cdCat01=0001',
      '/rest/3.0/app/json/getStatsData?statsDataId=0004052037&cdCat01=0161',
    ],
    older: ['/rest/3.0/app/json/getStatsData?statsDataId=0003427113'],
    loaded: ['jp.cpi.core.json', 'jp.cpi.json', 'jp.industrial-production.json', 'jp.population.json', 'jp.unemployment.json'],
    env: { ESTAT_APP_ID: 'test-estat-application-id' },
    // The list was recorded on 2026-10-02, its newest table holding August 2026: a hub at the test clock would refuse those months.
    now: '2026-10-03T00:00:00.000Z',
    // The 2025-base index of August 2026 (2025=100); the 2020-base samples stop at 2025.
    figures: [
      ['jp.cpi', '2026-08', 102.2],
      ['jp.cpi.core', '2026-08', 102],
    ],
  },
  {
    source: 'soumu-local-government-codes',
    publisher: 'soumu',
    newer: ['/denshijiti/code.html', '/main_content/001000001.xlsx'],
    older: ['/main_content/000925835.xlsx'],
    loaded: ['001000001.xlsx.json'],
  },
];

/** Whether a request the double saw is the one `spec` (`path` or `path?name=value&…`) names. */
function asks(request: { path: string; query: URLSearchParams }, spec: string): boolean {
  const [path, query = ''] = spec.split('?');
  return request.path === path && [...new URLSearchParams(query)].every(([name, value]) => request.query.get(name) === value);
}

async function runAgainstNewer(t: TestContext, entry: Case) {
  const { source, publisher, env = {} } = entry;
  // The newer folder first: its index answers in place of the sample's at the same path.
  const double = await startPublisherDouble({ publishers: [], dirs: [join(NEWER, publisher), join(PUBLISHERS_DIR, publisher)] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-latest-release-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  // Only where the publisher is: no parameter of the source is set.
  writeFileSync(sourcesFile, JSON.stringify({ publishers: { [publisher]: { baseUrl: double.baseUrl, minRequestIntervalMs: 0 } } }));
  const hub = await createTestHub(t, {
    ...(entry.now === undefined ? {} : { now: entry.now }),
    env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_CONTACT: 'hub-tests@example.org' },
  });
  const sync = await SyncService.open({ ...hub.runtime, env });
  t.after(() => sync.close());
  const [outcome] = await sync.run([source]);
  const { db } = hub.runtime.store;
  const releases = await db.selectFrom('release').select(['file_name', 'source_id']).where('source_id', '=', source).execute();
  const figure = async ([series, period]: [string, string, number]) =>
    (await db.selectFrom('macro_observation').select('value').where('series', '=', series).where('period', '=', period).executeTakeFirst())?.value;
  const figures = await Promise.all((entry.figures ?? []).map(async (spec) => [spec[0], spec[1], Number(await figure(spec))]));
  return { outcome, asked: double.requests, loaded: releases.map((release) => release.file_name ?? '').sort(), figures };
}

for (const entry of CASES) {
  test(`${entry.source} loads the newer release its publisher lists, with no configuration change`, async (t) => {
    const { outcome, asked, loaded, figures } = await runAgainstNewer(t, entry);
    assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
    const seen = asked.map((request) => `${request.path}?${request.query.toString()}`).join(', ');
    for (const spec of entry.newer)
      assert.ok(
        asked.some((request) => asks(request, spec)),
        `${spec} was asked for; asked: ${seen}`,
      );
    for (const spec of entry.older) assert.ok(!asked.some((request) => asks(request, spec)), `${spec}, the samples' release, was not asked for`);
    assert.deepEqual(loaded, entry.loaded);
    assert.deepEqual(figures, entry.figures ?? []);
  });
}
