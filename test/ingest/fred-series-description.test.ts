import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { createTestHub } from '../helpers/app.ts';
import { startPublisherDouble, type Fault } from '../helpers/publisher-double.ts';
import { collectFromRoutes, publisherSample } from '../helpers/routes-fetch.ts';
import { storedFacts } from '../../src/facts/names.ts';
import { fredSeriesDescription } from '../../src/ingest/fred-series-answer.ts';
import { fredMacroSource } from '../../src/ingest/sources/fred/macro.ts';
import { SyncService } from '../../src/ingest/sync/sync.service.ts';

interface RecordedSeries {
  id: string;
  title: string;
  units: string;
  seasonal_adjustment: string;
  last_updated: string;
  notes: string;
}
/** FRED's recorded fred/series answer for CPIAUCSL (test/fixtures/publishers/fred/routes.json says where it was recorded). */
const RECORDED = publisherSample('fred', 'series-cpiaucsl.json').toString('utf8');
const recorded = (): { seriess: RecordedSeries[] } => JSON.parse(RECORDED) as { seriess: RecordedSeries[] };
const CPI = recorded().seriess[0] as RecordedSeries;
const CPI_FACT = storedFacts.macro('us.cpi');
/** The recorded CPIAUCSL answer the double serves fred-macro (one plain vintage). */
const CPI_ANSWER = (): {
  realtime_start: string;
  count: number;
  observations: { realtime_start: string; realtime_end: string; date: string; value: string }[];
} => JSON.parse(publisherSample('fred', 'cpiaucsl.json').toString('utf8'));

/** A hub whose fred-macro source asks only CPIAUCSL, of a double serving the recorded FRED samples. */
async function cpiSync(t: TestContext, minRequestIntervalMs = 0) {
  const double = await startPublisherDouble({ publishers: ['fred'] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-fred-series-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify({
      publishers: { fred: { baseUrl: double.baseUrl, minRequestIntervalMs } },
      sources: { 'fred-macro': { params: { series: ['CPIAUCSL'] } } },
    }),
  );
  const hub = await createTestHub(t, {
    now: '2026-06-19T23:00:00.000Z',
    env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '1', FDH_SYNC_RETRY_BASE_MS: '20', FDH_SYNC_REQUEST_TIMEOUT_MS: '500' },
  });
  const sync = await SyncService.open({ ...hub.runtime, env: { FRED_API_KEY: 'fred-test-key' } });
  t.after(() => sync.close());
  const db = hub.runtime.store.db;
  /** Each release holding the CPI with the description kept with it, oldest first. */
  const described = async () =>
    (
      await db
        .selectFrom('release_fact as f')
        .innerJoin('release as r', 'r.id', 'f.release_id')
        .select(['r.knowledge_at', 'f.rows', 'f.name', 'f.unit', 'f.seasonal_adjustment', 'f.notes', 'f.publisher_updated_at'])
        .where('f.fact', '=', CPI_FACT)
        .orderBy('r.knowledge_at')
        .execute()
    ).map((row) => ({ ...row }));
  const counts = async () => ({
    releases: (await db.selectFrom('release').select('id').execute()).length,
    facts: (await db.selectFrom('release_fact').select('fact').execute()).length,
    figures: (await db.selectFrom('macro_observation').select('period').execute()).length,
  });
  return { double, sync, described, counts };
}

test("a fred-macro sync keeps FRED's description of CPIAUCSL, as recorded, with the release of its newest vintage", async (t) => {
  const { double, sync, described } = await cpiSync(t, 150);
  const [outcome] = await sync.run(['fred-macro']);
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));

  const [observations, series, ...others] = double.requests;
  assert.deepEqual([observations?.path, series?.path, others.length], ['/fred/series/observations', '/fred/series', 0]);
  assert.deepEqual(Object.fromEntries(series?.query ?? []), { series_id: 'CPIAUCSL', api_key: 'fred-test-key', file_type: 'json' });
  assert.ok((series?.at ?? 0) - (observations?.at ?? 0) >= 145, 'the publisher request gap holds for fred/series too');

  assert.deepEqual(await described(), [
    {
      knowledge_at: `${CPI_ANSWER().realtime_start}T00:00:00.000Z`,
      rows: CPI_ANSWER().count,
      name: 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average',
      unit: 'Index 1982-1984=100',
      seasonal_adjustment: 'Seasonally Adjusted',
      notes: CPI.notes,
      // FRED's 2023-04-12 11:11:01-05, in UTC.
      publisher_updated_at: '2023-04-12T16:11:01.000Z',
    },
  ]);
  assert.equal(CPI.title, 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average');
  assert.equal(CPI.units, 'Index 1982-1984=100');
});

test('FRED is asked for its description once a run, right after the observations, of each series with a vintage to load', async () => {
  const { requests } = await collectFromRoutes(fredMacroSource, { credentials: { FRED_API_KEY: 'fred-test-key' } });
  const asked = requests.map((request) => new URL(request.url)).map((url) => `${url.pathname} ${url.searchParams.get('series_id')}`);
  const described = ['GDPC1', 'CPIAUCSL', 'CPILFESL', 'PCEPI', 'PCEPILFE', 'UNRATE', 'GS10', 'DFEDTARU', 'INDPRO', 'GFDEGDQ188S', 'PAYEMS', 'POPTHM'];
  assert.deepEqual(
    asked.filter((request) => request.startsWith('/fred/series ')),
    described.map((id) => `/fred/series ${id}`),
  );
  for (const id of described) assert.equal(asked[asked.indexOf(`/fred/series ${id}`) - 1], `/fred/series/observations ${id}`);
});

test('a later sync with a new vintage keeps the description FRED gives then in its own release; the earlier release keeps the earlier one', async (t) => {
  const { double, sync, described } = await cpiSync(t);
  assert.equal((await sync.run(['fred-macro']))[0]?.status, 'succeeded');

  // Test variation, not a sample: the recorded answers with FRED having since retitled the series
  // and revised the last recorded month from 2026-04-10 (a value FRED never published).
  const retitled = recorded();
  const variation = retitled.seriess[0] as RecordedSeries;
  variation.title = 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average (test variation)';
  variation.last_updated = '2026-04-10 07:41:02-05';
  double.setBody('/fred/series', JSON.stringify(retitled));
  const answer = CPI_ANSWER();
  const last = answer.observations.at(-1);
  assert.ok(last !== undefined);
  answer.observations.push({ realtime_start: '2026-04-10', realtime_end: '9999-12-31', date: last.date, value: (Number(last.value) + 0.001).toFixed(3) });
  answer.count = answer.observations.length;
  double.setBody('/fred/series/observations', JSON.stringify(answer));

  const [outcome] = await sync.run(['fred-macro']);
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  assert.deepEqual(
    (await described()).map(({ knowledge_at, rows, name, publisher_updated_at }) => ({ knowledge_at, rows, name, publisher_updated_at })),
    [
      {
        knowledge_at: `${CPI_ANSWER().realtime_start}T00:00:00.000Z`,
        rows: CPI_ANSWER().count,
        name: CPI.title,
        publisher_updated_at: '2023-04-12T16:11:01.000Z',
      },
      { knowledge_at: '2026-04-10T00:00:00.000Z', rows: 1, name: variation.title, publisher_updated_at: '2026-04-10T12:41:02.000Z' },
    ],
  );
});

test('a fred/series answer that fails, is not JSON, is cut, is an error or is out of bounds fails the run with the reason and stores nothing', async (t) => {
  const { double, sync, described, counts } = await cpiSync(t);
  const longTitle = recorded();
  (longTitle.seriess[0] as RecordedSeries).title = 'x'.repeat(501);
  const faults: [Fault, number, RegExp][] = [
    [{ kind: 'status', status: 503 }, 2, /\/fred\/series\?.*HTTP 503 \(gave up after 2 attempts\)/],
    [{ kind: 'html-200' }, 1, /^CPIAUCSL\.series\.json: not JSON/],
    [{ kind: 'cut' }, 2, /connection was cut after \d+ bytes of \d+/],
    [
      { kind: 'body', contentType: 'application/json', body: '{"error_code":400,"error_message":"Bad Request.  The series does not exist."}' },
      1,
      /^CPIAUCSL\.series\.json: FRED answered 400: Bad Request\.\s+The series does not exist\.$/,
    ],
    [{ kind: 'body', contentType: 'application/json', body: JSON.stringify(longTitle) }, 1, /^CPIAUCSL\.series\.json: \/seriess\/0\/title: .*500/],
    [
      { kind: 'body', contentType: 'application/json', body: RECORDED.replace('"id":"CPIAUCSL"', '"id":"CPILFESL"') },
      1,
      /^CPIAUCSL\.series\.json: FRED describes CPILFESL, not CPIAUCSL$/,
    ],
  ];
  for (const [fault, times, reason] of faults) {
    double.fail(fault, { times, path: '/fred/series' });
    const [outcome] = await sync.run(['fred-macro']);
    assert.equal(outcome?.status, 'failed', fault.kind);
    assert.match(outcome?.status === 'failed' ? outcome.error : '', reason, fault.kind);
    assert.deepEqual(await counts(), { releases: 0, facts: 0, figures: 0 }, `${fault.kind}: nothing stored`);
  }
  assert.equal((await sync.run(['fred-macro']))[0]?.status, 'succeeded', 'the double answers again');
  assert.equal((await described()).length, 1);
});

test("FRED's last_updated is read as St. Louis time with its offset; a time that is none is refused", () => {
  const answer = (lastUpdated: string) => {
    const document = recorded();
    (document.seriess[0] as RecordedSeries).last_updated = lastUpdated;
    return document;
  };
  assert.equal(fredSeriesDescription(answer('2025-10-15 07:41:02-05'), 'CPIAUCSL', 'CPIAUCSL.series.json').updatedAt, '2025-10-15T12:41:02.000Z');
  assert.throws(
    () => fredSeriesDescription(answer('2025-02-30 07:41:02-06'), 'CPIAUCSL', 'CPIAUCSL.series.json'),
    /CPIAUCSL\.series\.json: \/seriess\/0\/last_updated "2025-02-30 07:41:02-06" is not a time/,
  );
  assert.throws(() => fredSeriesDescription(answer('2025-10-15T07:41:02Z'), 'CPIAUCSL', 'CPIAUCSL.series.json'), /\/seriess\/0\/last_updated: /);
});
