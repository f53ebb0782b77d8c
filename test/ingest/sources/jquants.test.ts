import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ImportError, isLineImporter, type Importer } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { jquantsSources } from '../../../src/ingest/sources/jquants/index.ts';
import { dateWindow } from '../../../src/ingest/sources/jquants/date-window.ts';
import type { CollectContext, SourceDefinition } from '../../../src/ingest/sync/source-definition.ts';
import { importPayloads, publisherSample, routesFetch, payloadRecords } from '../../helpers/routes-fetch.ts';
import { db, equitiesHub } from '../../domains/equities/equities-hub.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';

const KEY = 'test-jquants-key';

function source(id: string): SourceDefinition {
  const found = jquantsSources.find((s) => s.id === id);
  assert.ok(found !== undefined, id);
  return found;
}

function context(overrides: Partial<CollectContext> & Pick<CollectContext, 'fetch'>): CollectContext {
  return {
    baseUrl: 'https://api.jquants.com',
    params: {},
    credentials: { JQUANTS_API_KEY: KEY },
    cursor: undefined,
    now: new Date('2023-03-24T10:00:00Z'),
    ...overrides,
  };
}

function importer(dataset: string): Importer {
  const found = findImporter(dataset);
  assert.ok(found !== undefined && !isLineImporter(found), dataset);
  return found;
}

test('the listed issues follow pagination_key to the last page and arrive as one document, the key in x-api-key only', async () => {
  const fake = routesFetch('jquants');
  const result = await source('jquants-equities-master').collect(context({ fetch: fake.fetch }));
  assert.deepEqual(
    fake.requests.map((r) => r.url),
    ['https://api.jquants.com/v2/equities/master', 'https://api.jquants.com/v2/equities/master?pagination_key=value1.value2.'],
  );
  for (const request of fake.requests) {
    assert.equal(request.headers?.['x-api-key'], KEY);
    assert.ok(!request.url.includes(KEY));
  }
  assert.equal(result.payloads.length, 1);
  const [payload] = result.payloads;
  assert.equal(payload?.importer.dataset, 'jquants-equities-master');
  assert.equal(payload?.archiveHashes.length, 2);
  const issues = payloadRecords<{ code: string; name: string; segment: string }[]>(payload);
  assert.deepEqual(
    issues.map((i) => [i.code, i.name, i.segment]),
    [
      ['86970', 'Japan Exchange Group,Inc.', 'prime'],
      ['72030', 'TOYOTA MOTOR CORPORATION', 'prime'],
    ],
  );
});

test('a source without its key fails the run with a line naming the variable', async () => {
  const fake = routesFetch('jquants');
  await assert.rejects(source('jquants-equities-master').collect(context({ fetch: fake.fetch, credentials: {} })), /JQUANTS_API_KEY is not set/);
  assert.equal(fake.requests.length, 0);
});

test('daily bars are asked by date= from the cursor on; the newest day is asked again next run', async () => {
  const fake = routesFetch('jquants');
  const bars = source('jquants-equities-bars-daily');
  const first = await bars.collect(context({ fetch: fake.fetch, params: { initialDays: 1, maxDays: 31, delayDays: 0 } }));
  assert.deepEqual(
    fake.requests.map((r) => new URL(r.url).search),
    ['?date=2023-03-24'],
  );
  assert.deepEqual(
    first.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['jquants-equities-bars-daily', 'jquants-v2-equities-bars-daily-2023-03-24.json']],
  );
  assert.deepEqual(first.cursor, { through: '2023-03-23' });

  const next = await bars.collect(
    context({ fetch: fake.fetch, params: { initialDays: 1, maxDays: 31, delayDays: 0 }, cursor: first.cursor, now: new Date('2023-03-25T10:00:00Z') }),
  );
  assert.deepEqual(
    fake.requests.slice(1).map((r) => new URL(r.url).searchParams.get('date')),
    ['2023-03-24', '2023-03-25'],
  );
  assert.deepEqual(next.cursor, { through: '2023-03-24' });
});

test('an unchanged answer (304) gives no payload; the window still moves on', async () => {
  const fake = routesFetch('jquants', { notModified: () => true });
  const result = await source('jquants-fins-summary').collect(context({ fetch: fake.fetch, params: { initialDays: 2, maxDays: 31, delayDays: 0 } }));
  assert.equal(fake.requests.length, 2);
  assert.deepEqual(result.payloads, []);
  assert.deepEqual(result.cursor, { through: '2023-03-23' });
});

test('the date window: first run, catching up in maxDays steps, and the Free plan delay', () => {
  const now = new Date('2026-11-25T13:00:00Z');
  assert.deepEqual(dateWindow(undefined, { initialDays: 3, maxDays: 31, delayDays: 0 }, now), {
    dates: ['2026-11-23', '2026-11-24', '2026-11-25'],
    through: '2026-11-24',
  });
  assert.deepEqual(dateWindow('2026-11-01', { initialDays: 3, maxDays: 2, delayDays: 0 }, now), { dates: ['2026-11-02', '2026-11-03'], through: '2026-11-03' });
  // Twelve weeks behind: the newest day asked is 84 days before Tokyo's today.
  assert.deepEqual(dateWindow(undefined, { initialDays: 1, maxDays: 31, delayDays: 84 }, now), { dates: ['2026-09-02'], through: '2026-09-01' });
  // 23:30 UTC is already the next day in Tokyo.
  assert.deepEqual(dateWindow('2026-11-25', { initialDays: 1, maxDays: 31, delayDays: 0 }, new Date('2026-11-25T23:30:00Z')).dates, ['2026-11-26']);
  assert.deepEqual(dateWindow('2026-11-25', { initialDays: 1, maxDays: 31, delayDays: 0 }, now), { dates: [], through: '2026-11-25' });
});

test('a bad parameter in the sources file is refused naming it', () => {
  assert.throws(
    () => sourceParams(source('jquants-equities-bars-daily'), { maxDays: 'all' }),
    /\/sources\/jquants-equities-bars-daily\/params\/maxDays: expected integer \(got "all"\)/,
  );
});

test('the v2 importers refuse a changed layout, a truncated answer and an HTML page, naming the place', () => {
  const bars = importer('jquants-equities-bars-daily');
  const sample = publisherSample('jquants', 'equities-bars-daily-2023-03-24.json').toString('utf8');
  const refusals: [string, RegExp][] = [
    [sample.slice(0, sample.length / 2), /not JSON/],
    ['<!DOCTYPE html><html><body>Service Unavailable</body></html>', /not JSON/],
    [publisherSample('jquants', 'equities-master-page-1.json').toString('utf8'), /bars\.json: data\[0\]: AdjFactor is missing/],
    [sample.replaceAll('"C":', '"Close":'), /bars\.json: data\[0\]: C is missing/],
    [JSON.stringify({ daily_quotes: [] }), /\/data: is missing/],
  ];
  for (const [content, message] of refusals) {
    assert.throws(
      () => bars.parse(content, 'bars.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  }
  assert.throws(() => bars.parse(sample.replace('"AdjFactor": 1.0', '"AdjFactor": -1'), 'bars.json'), /bars\.json: data\[0\]: AdjFactor must be positive/);
});

test('after importing the fetched answers the equities endpoints show exactly their figures', async (t) => {
  const hub = await equitiesHub(t, { seed: false });
  hub.clock.set('2023-03-25T01:00:00Z');
  const fake = routesFetch('jquants');
  const collected = [];
  for (const [id, params] of [
    ['jquants-equities-master', {}],
    ['jquants-equities-bars-daily', { initialDays: 1 }],
    ['jquants-fins-summary', { initialDays: 1 }],
  ] as const) {
    const now = id === 'jquants-fins-summary' ? new Date('2023-01-30T10:00:00Z') : new Date('2023-03-24T10:00:00Z');
    collected.push(...(await source(id).collect(context({ fetch: fake.fetch, params: sourceParams(source(id), params), now }))).payloads);
  }
  const rows = (await importPayloads(hub, collected, new Date('2023-03-24T10:00:00Z'))).map((result) => result.rows);
  assert.deepEqual(rows, [2, 1, 1], 'two issues; one bar (the issue without a trade has none); one statement');

  const profile = (await hub.json('/market/jp/equities/8697')).body.data as { name: string; segment: string; sharesOutstanding: number | null };
  assert.equal(profile.name, 'Japan Exchange Group,Inc.');
  assert.equal(profile.segment, 'prime');
  assert.equal(profile.sharesOutstanding, 528578441);
  const prices = (await hub.json('/market/jp/equities/8697/prices?range=max')).body.data as { points: { date: string; close: number; volume: number }[] };
  assert.deepEqual(
    prices.points.map((p) => [p.date, p.close, p.volume]),
    [['2023-03-24', 2045, 2202500]],
  );
  const toyota = (await hub.json('/market/jp/equities/7203/prices?range=max')).body.data as { points: unknown[] };
  assert.deepEqual(toyota.points, []);

  const statement = await db(hub).selectFrom('equity_statement').selectAll().where('code', '=', '86970').executeTakeFirstOrThrow();
  assert.deepEqual(
    [
      statement.period_end,
      statement.fiscal_quarter,
      statement.disclosed_on,
      statement.net_sales,
      statement.operating_profit,
      statement.ordinary_profit,
      statement.net_income,
      statement.total_assets,
      statement.net_assets,
    ],
    ['2022-12-31', 3, '2023-01-30', 100529000000, 51765000000, null, 35175000000, 79205861000000, 320021000000],
  );
});

test("index bars are asked by date= like the daily bars; the catalogue's indices are kept under their codes, the rest left out", async () => {
  const fake = routesFetch('jquants');
  const indices = source('jquants-indices-bars-daily');
  assert.equal(indices.enabledByDefault, false, 'the indices endpoint needs the Standard plan');
  const result = await indices.collect(
    context({ fetch: fake.fetch, params: { initialDays: 1, maxDays: 31, delayDays: 0 }, now: new Date('2023-12-01T10:00:00Z') }),
  );
  assert.deepEqual(
    fake.requests.map((r) => r.url),
    ['https://api.jquants.com/v2/indices/bars/daily?date=2023-12-01'],
  );
  assert.equal(fake.requests[0]?.headers?.['x-api-key'], KEY);
  assert.deepEqual(result.cursor, { through: '2023-11-30' });
  const [payload] = result.payloads;
  assert.equal(payload?.importer.dataset, 'jquants-indices-bars-daily');
  assert.deepEqual(
    payloadRecords(payload),
    [{ code: 'TOPIXC30', date: '2023-12-01', close: 1200.17, where: 'jquants-v2-indices-bars-daily-2023-12-01.json: data[0]' }],
    'the answer read once into closes',
  );
  // A TOPIX sector index (0040, fishery) of the same answer is not in the catalogue.
  assert.deepEqual(
    importer('jquants-indices-bars-daily').parse(
      JSON.stringify({ data: [{ Date: '2023-12-01', Code: '0040', O: null, H: null, L: null, C: 500 }] }),
      'indices.json',
    ),
    [],
  );
});

test('the index bars importer refuses a changed layout, a truncated answer and an HTML page, naming the place', () => {
  const indices = importer('jquants-indices-bars-daily');
  const sample = publisherSample('jquants', 'indices-bars-daily-2023-12-01.json').toString('utf8');
  const refusals: [string, RegExp][] = [
    [sample.slice(0, sample.length / 2), /not JSON/],
    ['<!DOCTYPE html><html><body>Service Unavailable</body></html>', /not JSON/],
    [sample.replace('"C":', '"Close":'), /indices\.json: data\[0\]: C is missing/],
    [sample.replace('"O":', '"Open":'), /indices\.json: data\[0\]: O is missing/],
    [sample.replace('"C": 1200.17', '"C": null'), /indices\.json: data\[0\]: C must be a positive number/],
    [sample.replace('"2023-12-01"', '"2023-02-30"'), /data\[0\]: Date "2023-02-30" is not a calendar date/],
    [JSON.stringify({ indices: [] }), /\/data: is missing/],
  ];
  for (const [content, message] of refusals) {
    assert.throws(
      () => indices.parse(content, 'indices.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      String(message),
    );
  }
});

test('after importing the fetched index bars the Japanese indices snapshot shows exactly their close (no demo)', async (t) => {
  const hub = await equitiesHub(t, { seed: false });
  const fake = routesFetch('jquants');
  const indices = source('jquants-indices-bars-daily');
  const { payloads } = await indices.collect(
    context({ fetch: fake.fetch, params: { initialDays: 1, maxDays: 31, delayDays: 0 }, now: new Date('2023-12-01T10:00:00Z') }),
  );
  assert.equal((await importPayloads(hub, payloads, new Date('2023-12-01T10:00:00Z')))[0]?.rows, 1);
  const board = (await hub.json('/market/indices/snapshot')).body.data as { code: string; level: number | null; asOf: string | null; source: string | null }[];
  const core30 = board.find((index) => index.code === 'TOPIXC30');
  assert.deepEqual([core30?.level, core30?.asOf, core30?.source], [1200.17, '2023-12-01', 'J-Quants']);
  // The recorded answer holds no TOPIX record: TOPIX has no level (null, never 0).
  assert.equal(board.find((index) => index.code === 'TOPIX')?.level ?? null, null);
});
