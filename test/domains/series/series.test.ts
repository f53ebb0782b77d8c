import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { TestHub } from '../../helpers/app.ts';
import { importFile } from '../../../src/ingest/source.ts';
import { barsDailyImporter } from '../../../src/ingest/importers/equities/daily-quotes.ts';
import { factRegistry } from '../../../src/facts/registry.ts';
import { READING_ENDPOINTS } from '../../../src/domains/index.ts';
import { seriesPath } from '../../../src/domains/series/series-names.ts';
import { assertLinksAnswerAtTheirFrequency, listedSeries } from './listed-series.ts';
import { loadReleases } from '../macro/helpers.ts';
import { demoHubPerFile, type DemoHub } from './demo-hub.ts';

interface Envelope<Data> {
  data: Data;
  meta: Record<string, unknown>;
}
interface Entry {
  id: string;
  series: string | null;
  firstDate: string | null;
  lastDate: string | null;
  sources: { publisher: string; dataset: string }[];
}
interface Point {
  date: string;
  period: string;
  value: number | null;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}

/** One demo hub for the file: the seed takes a while. */
const perFile = demoHubPerFile();
const demoHub = (_t: unknown) => perFile.hub();

async function json<Data>(hub: TestHub, key: string, url: string, validate: DemoHub['validate'], path: string): Promise<Envelope<Data>> {
  const reply = await hub.get(`/openapi/v1${url}`, key);
  assert.equal(reply.statusCode, 200, `${url}: ${reply.body}`);
  const check = validate(path, 'get');
  assert.ok(check(reply.json()), `${url}: ${JSON.stringify(check.errors)}`);
  return reply.json<Envelope<Data>>();
}

/** Parses the hub's CSV (no quoted line breaks in these answers). */
function csvRows(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

test('/series lists every fact of the registry and every stored issue, coin and fund a pro key may read, paged, with the dates the demo holds', async (t) => {
  const { hub, key, validate } = await demoHub(t);
  const ids: string[] = [];
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const page: Envelope<Entry[]> = await json<Entry[]>(
      hub,
      key,
      `/series?limit=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
      validate,
      '/openapi/v1/series',
    );
    entries.push(...page.data);
    ids.push(...page.data.map((entry) => entry.id));
    cursor = page.meta.nextCursor as string | null;
  } while (cursor !== null);
  assert.deepEqual(ids, [...ids].sort(), 'ascending by id, as the cursor pages them');
  // The registry's facts, but a table-grain family's (one series per instrument instead) and the wildcards.
  const perInstrument = ['crypto.snapshot', 'equity.bar', 'etf.nav', 'etf.price'];
  const registered = factRegistry([], READING_ENDPOINTS).filter((fact) => !fact.name.includes('*') && !perInstrument.includes(fact.family));
  assert.deepEqual(
    registered.filter((fact) => !ids.includes(fact.name)).map((fact) => fact.name),
    [],
  );
  const db = hub.runtime.store.db;
  const [issues, coins, navs, prices] = await Promise.all([
    db.selectFrom('equity_bar').select('code').distinct().execute(),
    db.selectFrom('crypto_market_snapshot').select('coin_id').distinct().execute(),
    db.selectFrom('etf_nav').select('fund_code').distinct().execute(),
    db.selectFrom('etf_price').select('fund_code').distinct().execute(),
  ]);
  const count = (family: string) => entries.filter((entry) => entry.id.startsWith(`${family}:`)).length;
  assert.deepEqual(perInstrument.map(count), [coins.length, issues.length, navs.length, prices.length], 'one series per stored coin, issue and fund');
  assert.ok(issues.length >= 200 && coins.length > 100);
  // Pairs the registry names only as `fx.close:*` (any stored pair) are series of their own.
  assert.deepEqual(
    ids.filter((id) => !registered.some((fact) => fact.name === id) && !perInstrument.some((family) => id.startsWith(`${family}:`))),
    ['fx.close:NZD/USD', 'fx.close:USD/HKD', 'fx.close:USD/SEK', 'fx.close:USD/SGD'],
  );
  const n225 = entries.find((entry) => entry.id === 'index.close:N225');
  assert.equal(n225?.series, '/series/index.close:N225');
  assert.deepEqual(
    n225?.sources.map((source) => source.publisher),
    ['demo'],
  );
  assert.match(n225?.lastDate ?? '', /^\d{4}-\d{2}-\d{2}$/);
  for (const [id, series] of [
    ['equity.bar:7203', '/series/equity.bar:7203'],
    ['crypto.snapshot:BTC', '/series/crypto.snapshot:BTC'],
    ['etf.nav:1306', '/series/etf.nav:1306'],
    ['etf.price:1306', '/series/etf.price:1306'],
    ['fx.close:USD/JPY', '/series/fx.close:USD%2FJPY'],
  ]) {
    const entry = entries.find((listed) => listed.id === id);
    assert.equal(entry?.series, series, id);
    assert.ok(entry?.firstDate !== null && entry?.lastDate !== null, id);
  }
  assert.equal(entries.find((entry) => entry.id === 'etf.name')?.series, null);
  assert.deepEqual(
    entries.filter((entry) => /[{}]/.test(entry.series ?? '')).map((entry) => entry.series),
    [],
    'no template link',
  );
  assert.deepEqual(
    entries.filter((entry) => entry.series !== null && entry.series !== seriesPath(entry.id)).map((entry) => entry.series),
    [],
  );

  // Only what the store holds: the registry's broad dollar index (FRED's) has no demo figure.
  const held = (await json<Entry[]>(hub, key, '/series?hasData=true&q=dtwexbgs', validate, '/openapi/v1/series')).data;
  assert.deepEqual(held, []);
  const none = (await json<Entry[]>(hub, key, '/series?hasData=false&limit=500', validate, '/openapi/v1/series')).data;
  assert.ok(none.some((entry) => entry.id === 'index.close:DTWEXBGS'));
  assert.ok(none.every((entry) => entry.series === null || (entry.firstDate === null && entry.sources.length === 0)));
  const withData = (await json<Entry[]>(hub, key, '/series?hasData=true&domain=indices&limit=500', validate, '/openapi/v1/series')).data;
  assert.ok(withData.length > 0 && withData.every((entry) => entry.firstDate !== null && entry.series !== null));
  assert.equal(withData.length + none.filter((entry) => entry.id.startsWith('index.')).length, entries.filter((entry) => entry.id.startsWith('index.')).length);

  // A free key reads no macro statistic nor index: only its plan's domains, though a pro key's answer to the same request is kept.
  const macro = async (caller: string) => (await hub.get('/openapi/v1/series?domain=macro', caller)).json<Envelope<Entry[]>>().data.length;
  const proMacro = await macro(key);
  assert.ok(proMacro > 0);
  const free = await hub.key('free');
  assert.equal(await macro(free), 0);
  assert.equal(await macro(key), proMacro);
  const crypto = (await hub.get('/openapi/v1/series?q=fear', free)).json<Envelope<Entry[]>>().data;
  assert.deepEqual(
    crypto.map((entry) => entry.id),
    ['crypto.fearGreed'],
  );
  // The fact's domain's feature: 403 before anything is read.
  assert.equal((await hub.get('/openapi/v1/series/macro:us.cpi', free)).statusCode, 403);
});

test("every link of the demo's /series answers 200 as written, with as many points a year as its frequency says", async (t) => {
  const { hub, key } = await demoHub(t);
  const entries = await listedSeries(hub, key);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  // The demo draws every weekday's close (N225 had ~50 a year before 2021); gold is daily here though its World Bank series is monthly.
  assert.deepEqual(
    ['index.close:N225', 'commodity.close:gold', 'equity.bar:7203', 'crypto.snapshot:BTC'].map((id) => byId.get(id)?.frequency),
    ['daily', 'daily', 'daily', 'daily'],
  );
  // VNDAF deals on Mondays, Wednesdays and Fridays only: neither daily nor weekly.
  assert.equal(byId.get('etf.nav:VNDAF')?.frequency, 'irregular');
  assert.ok((await assertLinksAnswerAtTheirFrequency(hub, key, entries)) > 500);
});

test('/series/{fact} pages by the last period returned: a cursor of another form is refused', async (t) => {
  const { hub, key, validate } = await demoHub(t);
  const all = await json<Point[]>(hub, key, '/series/macro:us.cpi?from=2024-01-01&to=2025-12-31', validate, '/openapi/v1/series/{fact}');
  const paged: Point[] = [];
  let cursor: string | null = null;
  do {
    const page: Envelope<Point[]> = await json<Point[]>(
      hub,
      key,
      `/series/macro:us.cpi?from=2024-01-01&to=2025-12-31&limit=5${cursor === null ? '' : `&cursor=${cursor}`}`,
      validate,
      '/openapi/v1/series/{fact}',
    );
    paged.push(...page.data);
    cursor = page.meta.nextCursor as string | null;
    if (cursor !== null) assert.equal(cursor, page.data.at(-1)?.period, 'the cursor is the last period of the page');
  } while (cursor !== null);
  assert.deepEqual(paged, all.data);
  assert.equal(paged.length, 24);
  const days = await json<Point[]>(hub, key, '/series/index.close:N225?from=2026-06-01&limit=2&cursor=2026-06-02', validate, '/openapi/v1/series/{fact}');
  assert.ok(days.data.every((point) => point.period > '2026-06-02'));
});

test("/series/{fact}: BTC's price, the Nikkei 225 and US CPI with from/to, in JSON and CSV", async (t) => {
  const { hub, key, validate } = await demoHub(t);
  const btc = await json<Point[]>(hub, key, '/series/crypto.snapshot:BTC?from=2026-06-01&to=2026-06-10', validate, '/openapi/v1/series/{fact}');
  assert.ok(btc.data.length > 0);
  assert.ok(
    btc.data.every(
      (point) => point.date >= '2026-06-01' && point.date <= '2026-06-10' && point.value !== null && point.value > 0 && point.close === point.value,
    ),
  );
  assert.equal(new Set(btc.data.map((point) => point.date)).size, btc.data.length, 'a day each: its last snapshot');
  assert.deepEqual([btc.meta.fact, btc.meta.frequency, btc.meta.aggregation], ['crypto.snapshot:BTC', 'daily', 'eop']);

  const n225 = await json<Point[]>(hub, key, '/series/index.close:N225?from=2026-05-01&to=2026-05-31', validate, '/openapi/v1/series/{fact}');
  assert.ok(n225.data.length >= 18);
  assert.ok(n225.data.every((point) => point.date >= '2026-05-01' && point.date <= '2026-05-31' && point.value !== null && point.open === null));
  const monthly = await json<Point[]>(
    hub,
    key,
    '/series/index.close:N225?from=2026-05-01&to=2026-05-31&frequency=monthly',
    validate,
    '/openapi/v1/series/{fact}',
  );
  assert.deepEqual(
    monthly.data.map((point) => [point.period, point.value]),
    [['2026-05', n225.data.at(-1)?.value]],
  );

  const csv = await hub.get('/openapi/v1/series/index.close:N225?from=2026-05-01&to=2026-05-31', key, { accept: 'text/csv' });
  assert.equal(csv.statusCode, 200);
  assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  assert.equal(csv.headers['x-meta-fact'], 'index.close:N225');
  assert.equal(csv.headers['x-meta-sources'], 'demo');
  const sources = n225.meta.sources as { publisher: string; facts: string[] }[];
  assert.deepEqual(
    sources.map((source) => [source.publisher, source.facts]),
    [['demo', ['index.close:N225']]],
  );
  const rows = csvRows(csv.body);
  assert.deepEqual(rows[0], ['date', 'period', 'value', 'open', 'high', 'low', 'close', 'volume']);
  // The header is the documented item's fields, and the document declares the CSV answer beside the JSON one.
  const ok = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<
      string,
      {
        get: {
          responses: Record<string, { content: Record<string, { schema: { properties: { data: { items: { properties: object } } } } }>; 'x-csv'?: object }>;
        };
      }
    >;
  }>().paths['/openapi/v1/series/{fact}']?.get.responses['200'];
  assert.deepEqual(Object.keys(ok?.content['application/json']?.schema.properties.data.items.properties ?? {}), rows[0]);
  assert.ok(ok?.['x-csv'] !== undefined);
  assert.deepEqual(
    rows.slice(1),
    n225.data.map((point) => [point.date, point.period, String(point.value), '', '', '', String(point.close), '']),
  );
  const byFormat = await hub.get('/openapi/v1/series/index.close:N225?from=2026-05-01&to=2026-05-31&format=csv', key);
  assert.equal(byFormat.body, csv.body);

  // A pair's slash travels encoded.
  const usdJpy = await json<Point[]>(hub, key, '/series/fx.close:USD%2FJPY?from=2026-05-01&to=2026-05-31', validate, '/openapi/v1/series/{fact}');
  assert.ok(usdJpy.data.length > 0);
  assert.equal(usdJpy.meta.fact, 'fx.close:USD/JPY');

  const cpi = await json<Point[]>(hub, key, '/series/macro:us.cpi?from=2025-01-01&to=2025-12-31', validate, '/openapi/v1/series/{fact}');
  assert.deepEqual(
    cpi.data.map((point) => point.period),
    ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'],
  );
  assert.equal(cpi.data[0]?.date, '2025-01-01');
});

test('/series/{fact} with asOf returns what the hub knew that day: a revised CPI shows its old figure', async (t) => {
  const { hub, key, validate } = await demoHub(t);
  // The demo's own US CPI is set aside, and its core CPI, which /macro/economic-data shows beside it: these two releases are the whole series.
  await hub.runtime.store.db.deleteFrom('macro_observation').where('series', 'in', ['us.cpi', 'us.cpi.core']).execute();
  await loadReleases(hub, [
    { knowledgeAt: '2026-05-12T12:30:00.000Z', rows: [['us.cpi', '2026-04', 320.5]] },
    {
      knowledgeAt: '2026-06-11T12:30:00.000Z',
      rows: [
        ['us.cpi', '2026-04', 320.9],
        ['us.cpi', '2026-05', 321.4],
      ],
    },
  ]);
  const url = (asOf?: string) => `/series/macro:us.cpi?from=2026-04-01&to=2026-05-31${asOf === undefined ? '' : `&asOf=${asOf}`}`;
  const before = await json<Point[]>(hub, key, url('2026-05-20'), validate, '/openapi/v1/series/{fact}');
  assert.deepEqual(
    before.data.map((point) => [point.period, point.value]),
    [['2026-04', 320.5]],
  );
  const latest = await json<Point[]>(hub, key, url(), validate, '/openapi/v1/series/{fact}');
  assert.deepEqual(
    latest.data.map((point) => [point.period, point.value]),
    [
      ['2026-04', 320.9],
      ['2026-05', 321.4],
    ],
  );
  const csv = await hub.get(`/openapi/v1${url('2026-05-20')}&format=csv`, key);
  assert.deepEqual(csvRows(csv.body).slice(1), [['2026-04-01', '2026-04', '320.5', '', '', '', '', '']]);

  // knowledgeAt and wasRestated as the macro endpoints give them for the same figures.
  assert.deepEqual([before.meta.knowledgeAt, before.meta.wasRestated], ['2026-05-12T12:30:00.000Z', false]);
  assert.deepEqual([latest.meta.knowledgeAt, latest.meta.wasRestated], ['2026-06-11T12:30:00.000Z', true]);
  for (const asOf of ['2026-05-20', undefined]) {
    const macro = await hub.get(`/openapi/v1/macro/economic-data?type=cpi&country=US&period=1Y${asOf === undefined ? '' : `&asOf=${asOf}`}`, key);
    assert.equal(macro.statusCode, 200, macro.body);
    const series = asOf === undefined ? latest : before;
    const { knowledgeAt, wasRestated } = macro.json<{ meta: { knowledgeAt: string | null; wasRestated: boolean } }>().meta;
    assert.deepEqual([series.meta.knowledgeAt, series.meta.wasRestated], [knowledgeAt, wasRestated], `asOf ${asOf}`);
  }
  const quarterly = await json<Point[]>(hub, key, `${url()}&frequency=quarterly`, validate, '/openapi/v1/series/{fact}');
  // A quarter serves its last month's figure, learned once and never revised.
  assert.deepEqual(
    [quarterly.data.map((point) => point.value), quarterly.meta.knowledgeAt, quarterly.meta.wasRestated],
    [[321.4], '2026-06-11T12:30:00.000Z', false],
  );
  // A close keeps no vintages: null, not false.
  const close = await json<Point[]>(hub, key, '/series/index.close:N225?from=2026-06-01', validate, '/openapi/v1/series/{fact}');
  assert.deepEqual([close.meta.knowledgeAt, close.meta.wasRestated], [null, null]);
});

test("/series/equity.bar:{code} serves J-Quants' open, high, low, close and volume, and the demo's", async (t) => {
  const { hub, key, validate } = await demoHub(t);
  const file = fileURLToPath(new URL('../../fixtures/publishers/jquants/equities-bars-daily-2023-03-24.json', import.meta.url));
  await importFile(hub.runtime.store.db, barsDailyImporter, file, {
    knowledgeAt: new Date('2023-03-24T09:00:00.000Z'),
    loadedAt: new Date('2023-03-24T09:00:00.000Z'),
  });
  await hub.changed('equities');
  const bar = await json<Point[]>(hub, key, '/series/equity.bar:8697?from=2023-03-24&to=2023-03-24', validate, '/openapi/v1/series/{fact}');
  assert.deepEqual(bar.data, [{ date: '2023-03-24', period: '2023-03-24', value: 2045, open: 2047, high: 2069, low: 2035, close: 2045, volume: 2202500 }]);
  const csv = await hub.get('/openapi/v1/series/equity.bar:86970?from=2023-03-24&to=2023-03-24&format=csv', key);
  assert.equal(csv.body, 'date,period,value,open,high,low,close,volume\r\n2023-03-24,2023-03-24,2045,2047,2069,2035,2045,2202500\r\n');

  const toyota = await json<Point[]>(hub, key, '/series/equity.bar:7203?from=2026-06-01&to=2026-06-05', validate, '/openapi/v1/series/{fact}');
  assert.ok(toyota.data.length > 0);
  for (const { open, high, low, close, volume } of toyota.data) {
    assert.ok(open !== null && high !== null && low !== null && close !== null && volume !== null);
    assert.ok(low <= Math.min(open, close) && Math.max(open, close) <= high, `${low} ≤ ${open}, ${close} ≤ ${high}`);
  }
});

test('bad from, to, fact and format answer the error envelope naming them', async (t) => {
  const { hub, key } = await demoHub(t);
  const cases: [string, number, RegExp][] = [
    ['/series/index.close:N225?from=2026-13-01', 400, /from/],
    ['/series/index.close:N225?to=yesterday', 400, /to/],
    ['/series/index.close:N225?from=2026-06-10&to=2026-06-01', 400, /from/],
    ['/series/index.close:N225?asOf=2099-01-01', 400, /asOf/],
    ['/series/nothing.here:X', 400, /fact/],
    ['/series/etf.name', 400, /not a series/],
    ['/series/index.close:NOPE', 404, /NOPE/],
    // A typo is a 404 whatever the window, never "no figure in that window".
    ['/series/index.close:NOPE?from=2025-01-01', 404, /NOPE/],
    ['/series/fx.close:USDJPY?from=2025-01-01&to=2025-02-01', 404, /USDJPY/],
    ['/series/equity.bar:9999?from=2025-01-01', 404, /9999/],
    ['/series/macro:us.cpi?cursor=AAAA', 400, /cursor/],
    ['/series/macro:us.cpi?cursor=2025-01-31', 400, /cursor ..2025-01-31.. is not a period of macro:us.cpi/],
    ['/series/index.close:N225?cursor=2025-01', 400, /cursor/],
    ['/series/macro:us.cpi?frequency=daily', 400, /frequency/],
    ['/crypto/dominance?format=csv', 400, /format/],
  ];
  for (const [url, status, message] of cases) {
    const reply = await hub.get(`/openapi/v1${url}`, key);
    assert.equal(reply.statusCode, status, `${url}: ${reply.body}`);
    const body = reply.json<{ success: boolean; error: { message: string | string[] } }>();
    assert.equal(body.success, false);
    assert.match(JSON.stringify(body.error.message), message, url);
  }
  const refused = await hub.get('/openapi/v1/crypto/dominance', key, { accept: 'text/csv' });
  assert.equal(refused.statusCode, 406);
  assert.equal(refused.json<{ success: boolean }>().success, false);
});
