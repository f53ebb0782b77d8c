import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { createTestHub } from '../../helpers/app.ts';
import { startPublisherDouble, type Fault } from '../../helpers/publisher-double.ts';
import { collectFromRoutes, importPayloads, matchRoute, publisherRoutes, publisherSample } from '../../helpers/routes-fetch.ts';
import { clearStore, loadReleases } from '../../domains/macro/helpers.ts';
import { fredMacroSource } from '../../../src/ingest/sources/fred/macro.ts';
import { FRED_MACRO_SERIES } from '../../../src/ingest/importers/macro/fred-macro-series.ts';
import { fredVintagesImporter, parseFredVintage } from '../../../src/ingest/importers/macro/fred-vintages.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import type { CollectContext } from '../../../src/ingest/sync/source-definition.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { endOfDay, readSeries } from '../../../src/store/vintage.ts';
import { addDays } from '../../../src/kernel/dates.ts';
import { roundTo } from '../../../src/kernel/numbers.ts';
import { doubleSources } from '../../helpers/all-publishers-hub.ts';
import { call } from '../../domains/macro/helpers.ts';
import type { IndicatorTable } from '../../../src/domains/macro/indicators.schemas.ts';

const KEY = { FRED_API_KEY: 'abcdefghijklmnopqrstuvwxyz123456' };

interface Observation {
  realtime_start: string;
  realtime_end: string;
  date: string;
  value: string;
}
interface Answer {
  count: number;
  observations: Observation[];
  [field: string]: unknown;
}
const GDPC1 = (): Answer => JSON.parse(publisherSample('fred', 'gdpc1-alfred.json').toString('utf8')) as Answer;
/** The recorded answer the double gives fred-macro's first request for `id` (routes.json). */
function recorded(id: string): Answer {
  const route = matchRoute(publisherRoutes('fred'), new URL(`http://double/fred/series/observations?series_id=${id}&realtime_end=9999-12-31&file_type=json`));
  assert.ok(route !== undefined, id);
  return JSON.parse(publisherSample('fred', route.file).toString('utf8')) as Answer;
}
/** The fred-macro series recorded as one plain vintage (every value of one realtime day), in catalogue order, with that day. */
const PLAIN = FRED_MACRO_SERIES.filter((s) => s.id !== 'GDPC1' && recorded(s.id).count > 0).map((s): [id: string, day: string] => [
  s.id,
  recorded(s.id).observations[0]?.realtime_start ?? '',
]);
/** The distinct days a value of the recorded GDPC1 answer came into force, oldest first. */
const VINTAGES = [...new Set(GDPC1().observations.map((o) => o.realtime_start))].sort();

/** A source's collect against one answer for every observations request, and FRED's recorded description of GDPC1 (the series `GDPC1` only). */
function answering(body: string | Buffer, requested: URL[] = []) {
  return fredMacroSource.collect({
    baseUrl: 'http://publisher.test',
    params: { series: ['GDPC1'] },
    credentials: KEY,
    cursor: undefined,
    now: new Date('2026-06-19T17:00:00Z'),
    fetch: async (request) => {
      const url = new URL(request.url);
      requested.push(url);
      const answer = url.pathname === '/fred/series' ? publisherSample('fred', 'series-gdpc1.json') : Buffer.from(body);
      return { notModified: false, url: request.url, status: 200, headers: {}, body: answer, archiveHash: 'x' };
    },
  } satisfies CollectContext);
}

test('fred-macro asks every series for all its vintages with the key; the next run asks from the newest realtime_start held', async () => {
  const first = await collectFromRoutes(fredMacroSource, { credentials: KEY });
  const urls = first.requests.map((request) => new URL(request.url)).filter((url) => url.pathname === '/fred/series/observations');
  assert.deepEqual(
    urls.map((url) => url.searchParams.get('series_id')),
    FRED_MACRO_SERIES.map((s) => s.id),
  );
  for (const url of urls) {
    assert.equal(url.searchParams.get('api_key'), KEY.FRED_API_KEY);
    assert.equal(url.searchParams.get('file_type'), 'json');
    assert.equal(url.searchParams.get('realtime_end'), '9999-12-31');
    const daily = url.searchParams.get('series_id') === 'DFEDTARU';
    // A daily series has more vintage dates than FRED serves in one JSON answer: five years of them, as month-end values.
    assert.equal(url.searchParams.get('realtime_start'), daily ? '2021-06-19' : '1776-07-04');
    assert.deepEqual([url.searchParams.get('frequency'), url.searchParams.get('aggregation_method')], daily ? ['m', 'eop'] : [null, null]);
  }
  // One payload per vintage, oldest first, each known from its day at 00:00 UTC; each recorded plain answer (the CPI, PCE, unemployment, rates, industrial production, debt, payrolls and population samples) is one vintage.
  const plain = PLAIN;
  assert.deepEqual(
    plain.map(([id]) => id),
    ['CPIAUCSL', 'CPILFESL', 'PCEPI', 'PCEPILFE', 'UNRATE', 'GS10', 'DFEDTARU', 'INDPRO', 'GFDEGDQ188S', 'PAYEMS', 'POPTHM'],
  );
  const days = [...VINTAGES.map((day) => ['GDPC1', day]), ...plain];
  assert.deepEqual(
    first.result.payloads.map((p) => p.fileName),
    days.map(([id, day]) => `${id}.${day}.json`),
  );
  assert.deepEqual(
    first.result.payloads.map((p) => p.knowledgeAt?.toISOString()),
    days.map(([, day]) => `${day}T00:00:00.000Z`),
  );
  assert.ok(first.result.payloads.every((p) => p.importer.dataset === 'fred-vintages'));
  assert.deepEqual(first.result.cursor, { realtimeStart: { GDPC1: '2025-09-25', ...Object.fromEntries(plain) } });

  const next = await collectFromRoutes(fredMacroSource, { credentials: KEY, cursor: first.result.cursor });
  const starts = next.requests.map((request) => new URL(request.url).searchParams);
  assert.equal(starts.find((q) => q.get('series_id') === 'GDPC1')?.get('realtime_start'), '2025-09-25');
  assert.equal(
    starts.find((q) => q.get('series_id') === 'RSAFS')?.get('realtime_start'),
    '1776-07-04',
    'a series with nothing held yet is asked from the start',
  );

  // The operator may narrow a series FRED refuses to answer whole (more than 2000 vintage dates).
  const narrowed = await collectFromRoutes(fredMacroSource, { credentials: KEY, params: { series: ['GS10'], vintageYears: { GS10: 20 } } });
  assert.deepEqual(
    narrowed.requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === '/fred/series/observations')
      .map((url) => url.searchParams.get('realtime_start')),
    ['2006-06-19'],
  );
  await assert.rejects(
    collectFromRoutes(fredMacroSource, { credentials: KEY, params: { vintageYears: { GS10: 'all' } } }),
    /\/sources\/fred-macro\/params\/vintageYears\/GS10: expected integer \(got "all"\)/,
  );
});

test('the recorded ALFRED answer of GDPC1: asOf on the GDP endpoint gives the value known at the end of each day, before and after every revision', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z' });
  const { result } = await collectFromRoutes(fredMacroSource, { credentials: KEY });
  const loaded = await importPayloads(
    hub,
    result.payloads.filter((p) => p.fileName.startsWith('GDPC1.')),
  );
  assert.equal(
    loaded.reduce((sum, r) => sum + r.rows, 0),
    GDPC1().count,
    'one stored version per value FRED had',
  );
  // The GDP endpoint lists the quarters that have a nominal figure: these placeholders (no FRED
  // figure, known before any vintage) only open the four rows whose real GDP is under test.
  await loadReleases(hub, [
    { knowledgeAt: '2024-01-01T00:00:00.000Z', rows: ['2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4'].map((q) => ['us.gdp.nominal', q, 1] as const) },
  ]);
  const key = await hub.key('enterprise');
  const realGdp = async (asOf: string | undefined) => {
    const answer = await hub.get(`/openapi/v1/macro/gdp-growth-rate?country=US${asOf === undefined ? '' : `&asOf=${asOf}`}`, key);
    assert.equal(answer.statusCode, 200, answer.body);
    return Object.fromEntries((answer.json().data as { quarter: string; realGdp: number | null }[]).map((row) => [row.quarter, row.realGdp]));
  };
  const q1 = GDPC1().observations.filter((o) => o.date === '2024-01-01');
  assert.equal(q1.length, 5, 'the first quarter has its advance estimate and four revisions');
  assert.deepEqual(await realGdp('2024-04-24'), { 'Q1 2024': null, 'Q2 2024': null, 'Q3 2024': null, 'Q4 2024': null });
  for (const [index, version] of q1.entries()) {
    assert.equal((await realGdp(version.realtime_start))['Q1 2024'], Number(version.value), `known from ${version.realtime_start}`);
    const before = addDays(version.realtime_start, -1);
    assert.equal((await realGdp(before))['Q1 2024'], index === 0 ? null : Number(q1[index - 1]?.value), `the day before ${version.realtime_start}`);
  }
  assert.deepEqual(await realGdp(undefined), { 'Q1 2024': 23082.119, 'Q2 2024': 23286.508, 'Q3 2024': 23478.57, 'Q4 2024': 23586.542 });
  assert.deepEqual(await realGdp('2024-09-25'), { 'Q1 2024': 22758.752, 'Q2 2024': 22924.863, 'Q3 2024': null, 'Q4 2024': null });

  // A later run asks from 2025-09-25; FRED then gives every value still in force, dated from that
  // day (it moves an earlier realtime_start up to the one asked, as the DFF answer in
  // github.com/mortada/fredapi pull request 49 shows): nothing new, so nothing is stored again.
  const clipped: Answer = { ...GDPC1(), realtime_start: '2025-09-25' };
  clipped.observations = GDPC1()
    .observations.filter((o) => o.realtime_end >= '2025-09-25')
    .map((o) => ({ ...o, realtime_start: o.realtime_start < '2025-09-25' ? '2025-09-25' : o.realtime_start }));
  clipped.count = clipped.observations.length;
  const again = await answering(JSON.stringify(clipped));
  assert.deepEqual(
    (await importPayloads(hub, again.payloads)).map((r) => r.rows),
    [0],
  );
  assert.deepEqual(await realGdp(undefined), { 'Q1 2024': 23082.119, 'Q2 2024': 23286.508, 'Q3 2024': 23478.57, 'Q4 2024': 23586.542 });
});

test('FRED\'s "." is a period published without a figure: stored and served as null, never 0', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z' });
  const answer = GDPC1();
  const dotted = answer.observations.find((o) => o.date === '2024-10-01' && o.realtime_start === '2025-01-30');
  assert.ok(dotted !== undefined);
  dotted.value = '.';
  const { payloads } = await answering(JSON.stringify(answer));
  await importPayloads(hub, payloads);
  const asOf = async (day: string) =>
    (await readSeries(hub.runtime.store.db, { series: ['us.gdp.real'], cutoff: endOfDay(day) })).get('us.gdp.real')?.find((f) => f.period === '2024-Q4')?.value;
  assert.equal(await asOf('2025-02-01'), null);
  assert.equal(await asOf('2025-02-27'), 23536.293);
});

test('an HTML page, a FRED error, a cut body or a changed layout fails the fred-macro run with a readable reason', async () => {
  const text = publisherSample('fred', 'gdpc1-alfred.json').toString('utf8');
  const refused = (body: string, message: RegExp) =>
    assert.rejects(answering(body), (error: unknown) => error instanceof ImportError && message.test(error.message));
  await refused('<!DOCTYPE html><title>Maintenance</title>', /^GDPC1\.json: not JSON/);
  await refused(text.slice(0, 700), /^GDPC1\.json: not JSON/);
  await refused(
    '{"error_code":400,"error_message":"Bad Request.  There are 5102 vintage dates in the specified real-time period: 1776-07-04 to 9999-12-31.  This exceeds the maximum number of vintage dates allowed for this file type (2000)."}',
    /^GDPC1\.json: FRED answered 400: Bad Request\.\s+There are 5102 vintage dates/,
  );
  await refused(text.replace('"observations"', '"seriess"'), /^GDPC1\.json: \/observations: is missing$/);
  await refused(text.replace('"count":17', '"count":16'), /17 observations where FRED counts 16/);
  await refused(text.replace('"date":"2024-04-01"', '"date":"2024-05-01"'), /observation 6: date 2024-05-01 is not the first day of a quarter \(GDPC1\)/);
  await refused(text.replace('"22918.739"', '"22,918.739"'), /^GDPC1\.json: observation 6: macro:us\.gdp\.real "22,918\.739" is not a decimal number/);
  await refused(
    text.replace('"realtime_start":"2024-07-25"', '"realtime_start":"2024-07-32"'),
    /observation 6: realtime_start "2024-07-32" is not a calendar date/,
  );
});

test("fred-vintages refuses a file of several vintages, an unknown series, an impossible date, and a knowledge time other than the vintage's day", async (t) => {
  const text = publisherSample('fred', 'gdpc1-alfred.json').toString('utf8');
  assert.throws(
    () => parseFredVintage(text, 'GDPC1.json'),
    /observation 2: realtime_start 2024-05-30 differs from the file's 2024-04-25; one file holds one vintage/,
  );
  assert.throws(() => parseFredVintage(text, 'SP500.json'), /must be a FRED series id the hub maps/);
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z' });
  const [payload] = (await answering(text)).payloads;
  assert.ok(payload !== undefined);
  await assert.rejects(
    importPayloads(hub, [{ ...payload, knowledgeAt: new Date('2026-06-19T17:00:00Z') }]),
    /must be imported with knowledge time 2024-04-25T00:00:00\.000Z/,
  );
  // The importer reads a vintage file (fdh import) as the source reads its answer: one vintage of the sample, with an impossible date.
  const answer = JSON.parse(text) as { observations: { realtime_start: string }[] };
  const vintage = answer.observations.filter((o) => o.realtime_start === '2024-04-25');
  const impossible = Buffer.from(
    JSON.stringify({ ...answer, count: vintage.length, observations: vintage }).replace('"date":"2024-01-01"', '"date":"2024-02-30"'),
  );
  await assert.rejects(
    importPayloads(hub, [
      { importer: fredVintagesImporter, fileName: payload.fileName, content: impossible, archiveHashes: [], knowledgeAt: new Date('2024-04-25T00:00:00Z') },
    ]),
    /GDPC1\.2024-04-25\.json: observation 1: date "2024-02-30" is not a calendar date/,
  );
  const releases = await hub.runtime.store.db.selectFrom('release').select('id').where('dataset', '=', fredVintagesImporter.dataset).execute();
  assert.deepEqual(releases, [], 'a refused vintage leaves nothing behind');
});

/** Random vintage histories of a few quarters: each a first value and revisions on increasing days. */
const histories = fc
  .array(
    fc.record({
      quarter: fc.constantFrom('2024-01-01', '2024-04-01', '2024-07-01', '2024-10-01'),
      versions: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined })), {
        minLength: 1,
        maxLength: 5,
        selector: ([day]) => day,
      }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((dates) => {
    const byQuarter = new Map(dates.map((d) => [d.quarter, d.versions]));
    return [...byQuarter.entries()].flatMap(([date, versions]) => {
      const sorted = [...versions].sort(([a], [b]) => a - b);
      return sorted.map(([day, value], index) => {
        const next = sorted[index + 1];
        return {
          realtime_start: addDays('2025-01-01', day),
          realtime_end: next === undefined ? '9999-12-31' : addDays('2025-01-01', next[0] - 1),
          date,
          value: value === undefined ? '.' : `${22000 + value}.5`,
        };
      });
    });
  });

test('property: after a sync of any vintage history, asOf(d) serves for each quarter the latest value with realtime_start <= d', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z' });
  await fc.assert(
    fc.asyncProperty(histories, fc.array(fc.integer({ min: -2, max: 64 }), { minLength: 1, maxLength: 5 }), async (observations, days) => {
      await clearStore(hub);
      const answer = { realtime_start: '1776-07-04', realtime_end: '9999-12-31', count: observations.length, offset: 0, limit: 100000, observations };
      const { payloads } = await answering(JSON.stringify(answer));
      await importPayloads(hub, payloads);
      for (const offset of days) {
        const day = addDays('2025-01-01', offset);
        const served = (await readSeries(hub.runtime.store.db, { series: ['us.gdp.real'], cutoff: endOfDay(day) })).get('us.gdp.real') ?? [];
        const expected = new Map<string, number | null>();
        for (const o of [...observations].sort((a, b) => (a.realtime_start < b.realtime_start ? -1 : 1))) {
          if (o.realtime_start <= day)
            expected.set(`${o.date.slice(0, 4)}-Q${(Number(o.date.slice(5, 7)) - 1) / 3 + 1}`, o.value === '.' ? null : Number(o.value));
        }
        assert.deepEqual(new Map(served.map((f) => [f.period, f.value])), expected, `asOf ${day}`);
      }
    }),
    { numRuns: 20 },
  );
});

test('through fdh sync: a 5xx, a cut body, HTML with 200 or a changed layout fails the fred-macro run, says why, and changes nothing served', async (t) => {
  const double = await startPublisherDouble({ publishers: ['fred'] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-fred-macro-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify({
      publishers: { fred: { baseUrl: double.baseUrl, minRequestIntervalMs: 0 } },
      sources: { 'fred-macro': { params: { series: ['GDPC1'] } } },
    }),
  );
  const hub = await createTestHub(t, {
    now: '2026-06-19T23:00:00.000Z',
    env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '1', FDH_SYNC_RETRY_BASE_MS: '20', FDH_SYNC_REQUEST_TIMEOUT_MS: '500' },
  });
  const sync = await SyncService.open({ ...hub.runtime, env: { FRED_API_KEY: 'fred-test-key' } });
  t.after(() => sync.close());
  const [first] = await sync.run(['fred-macro']);
  assert.equal(first?.status, 'succeeded', JSON.stringify(first));
  const stored = async () => ({
    versions: (
      await hub.runtime.store.db
        .selectFrom('macro_observation')
        .select(['series', 'period', 'value', 'knowledge_at'])
        .orderBy('period')
        .orderBy('knowledge_at')
        .execute()
    ).length,
    releases: (await hub.runtime.store.db.selectFrom('release').select('id').execute()).length,
    served: (await readSeries(hub.runtime.store.db, { series: ['us.gdp.real'], cutoff: null })).get('us.gdp.real')?.map((f) => f.value),
  });
  const before = await stored();
  assert.deepEqual(before, { versions: 17, releases: VINTAGES.length, served: [23082.119, 23286.508, 23478.57, 23586.542] });
  const faults: [Fault, RegExp][] = [
    [{ kind: 'status', status: 503 }, /HTTP 503 \(gave up after 2 attempts\)/],
    [{ kind: 'cut' }, /connection was cut after \d+ bytes of \d+/],
    [{ kind: 'html-200' }, /GDPC1\.json: not JSON/],
    [
      { kind: 'body', body: '{"count":1,"offset":0,"observations":[{"date":"2024-01-01","value":"1"}]}' },
      /GDPC1\.json: \/observations\/0\/realtime_start: is missing/,
    ],
  ];
  for (const [fault, reason] of faults) {
    double.fail(fault, { times: fault.kind === 'html-200' || fault.kind === 'body' ? 1 : 2 });
    const [outcome] = await sync.run(['fred-macro']);
    assert.equal(outcome?.status, 'failed', fault.kind);
    assert.match(outcome?.status === 'failed' ? outcome.error : '', reason, fault.kind);
    assert.deepEqual(await stored(), before, `${fault.kind}: nothing changed`);
  }
});

/** The hub's period of a FRED date of `frequency` (the first day of a month or quarter). */
const periodOf = (date: string, frequency: string): string =>
  frequency === 'quarter' ? `${date.slice(0, 4)}-Q${(Number(date.slice(5, 7)) - 1) / 3 + 1}` : date.slice(0, 7);

/** What the recording of `id` says each period is, in the hub's unit: FRED's "." is null. */
function recordedFigures(id: string): Map<string, number | null> {
  const entry = FRED_MACRO_SERIES.find((s) => s.id === id);
  assert.ok(entry !== undefined, id);
  return new Map(recorded(id).observations.map((o) => [periodOf(o.date, entry.frequency), o.value === '.' ? null : Number(o.value) * (entry.scale ?? 1)]));
}

/** A hub whose fred-macro ran once through the real SyncService against the publisher double, the demo off. */
async function syncedHub(t: Parameters<typeof createTestHub>[0]) {
  const { sourcesFile } = await doubleSources(t, [fredMacroSource]);
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off' } });
  const sync = await SyncService.open({ ...hub.runtime, env: { FRED_API_KEY: 'fred-test-key' } });
  t.after(() => sync.close());
  const [outcome] = await sync.run(['fred-macro']);
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  return hub;
}

test('through fdh sync: every recorded plain answer is stored as recorded, "." as null and thousands of persons as persons', async (t) => {
  const hub = await syncedHub(t);
  for (const [id] of PLAIN) {
    const entry = FRED_MACRO_SERIES.find((s) => s.id === id);
    assert.ok(entry !== undefined);
    const stored = (await readSeries(hub.runtime.store.db, { series: [entry.series], cutoff: null })).get(entry.series) ?? [];
    assert.deepEqual(new Map(stored.map((f) => [f.period, f.value])), recordedFigures(id), id);
  }
});

test('the indicator tables compute the US rows from the recorded figures: YoY changes of the CPI indices and industrial production, levels of the rates and the debt ratio', async (t) => {
  const hub = await syncedHub(t);
  const key = await hub.key();
  const tables: [table: string, id: string, lag: number | undefined][] = [
    ['inflation-rate', 'CPIAUCSL', 12],
    ['core-inflation-rate', 'CPILFESL', 12],
    ['industrial-production-growth', 'INDPRO', 12],
    ['unemployment-rate', 'UNRATE', undefined],
    ['policy-rate', 'DFEDTARU', undefined],
    ['government-bond-10y', 'GS10', undefined],
    ['government-debt-to-gdp', 'GFDEGDQ188S', undefined],
  ];
  for (const [table, id, lag] of tables) {
    const { status, body } = await call<IndicatorTable>(hub, key, `/macro/indicators/${table}`);
    assert.equal(status, 200, table);
    const figures = recordedFigures(id);
    const periods = [...figures.keys()];
    // With FRED's the only figures loaded, the columns are the recording's last four periods.
    assert.deepEqual(
      body.data.columns.map((c) => c.period),
      periods.slice(-4),
      table,
    );
    const expected = body.data.columns.map(({ period }) => {
      const current = figures.get(period) ?? null;
      if (lag === undefined) return current;
      const base = figures.get(periods[periods.indexOf(period) - lag] ?? '') ?? null;
      return current === null || base === null ? null : roundTo((current / base - 1) * 100, 2);
    });
    assert.deepEqual(body.data.rows.find((row) => row.country === 'US')?.values, expected, table);
    assert.ok(
      expected.some((value) => value !== null),
      `${table}: the US row is filled`,
    );
  }
});
