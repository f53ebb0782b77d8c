import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { allPublishersHub } from '../helpers/all-publishers-hub.ts';
import { filled, reach } from '../helpers/endpoint-fields-check.ts';
import { createTestHub, type TestHub } from '../helpers/app.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { sources } from '../../src/ingest/sources/index.ts';
import { READING_ENDPOINTS } from '../../src/domains/index.ts';
import type { ReadingEndpoint } from '../../src/edge/route-reads.ts';
import { feeds, overlaps, parseFact } from '../../src/facts/patterns.ts';
import { coverageReport, type CoverageReport, type CoverageStatus } from '../../src/coverage/coverage.ts';
import { openHubAnswers, type AskHub } from '../../src/coverage/hub-answers.ts';
import { feedingSources, storeCoverage } from '../../src/coverage/sources-coverage.ts';
import { UNAVAILABLE } from '../../src/facts/unavailable.ts';
import { factRegistry } from '../../src/facts/registry.ts';
import { loadSourcesFile, type SourcesFile } from '../../src/ingest/sync/sources-file.ts';
import { DEFAULT_SOURCES_FILE } from '../../src/config.ts';
import { coverageSection, DATA_SOURCES_DOC, samplesCoverageSection } from '../../scripts/docs-coverage.ts';

/** The data endpoints with fields of their own: all but `/series/{fact}`, which reads any fact by its registry name. */
const FIELD_ENDPOINTS = READING_ENDPOINTS.filter(({ reads }) => Object.keys(reads.fields).length > 0);
const READ_FACTS = [...new Set(READING_ENDPOINTS.flatMap(({ reads }) => [...Object.values(reads.fields).flat(), ...(reads.onRequest ?? [])]))];
/** The declared facts no endpoint reads: a typo, or a table no endpoint shows. */
const unread = (declared: readonly string[]): string[] => declared.filter((fact) => !READ_FACTS.some((read) => overlaps(fact, read)));

test('a fact is a table or a table and key, a trailing * any key so starting; what a feed fills', () => {
  assert.throws(() => parseFact('Macro Observation'), /is not a fact/);
  assert.equal(feeds('macro_observation:jp.tibor.*', 'macro_observation:jp.tibor.3m'), true);
  assert.equal(feeds('macro_observation:jp.tibor.3m', 'macro_observation:jp.tibor.*'), false, 'one series does not fill the family');
  assert.equal(feeds('macro_observation:jp.*', 'macro_observation:jp.tibor.*'), true);
  assert.equal(feeds('equity_bar', 'equity_bar'), true);
  assert.equal(feeds('re_ward', 're_ward:vn'), false, "a bare table's rows are not every key's");
  assert.equal(feeds('re_ward:*', 're_ward:vn'), true, 'every key, said so');
  assert.equal(feeds('re_ward:jp', 're_ward:vn'), false);
  assert.equal(feeds('re_transaction:jp', 're_transaction'), false, "one country's rows are not the table's");
  assert.equal(feeds('instrument_close:fx:USD/JPY', 'instrument_close:fx:USD/VND'), false);
  assert.equal(overlaps('re_transaction:jp', 're_transaction'), true);
  assert.equal(overlaps('macro_observation:us.cpi', 'macro_observation:us.cpi.core'), false);
});

test('every fact a shipped source declares is one some endpoint reads; a typo would fail', () => {
  for (const source of sources) {
    assert.ok((source.feeds ?? []).length > 0, `${source.id} declares what it feeds`);
    for (const fact of source.feeds ?? []) parseFact(fact);
    assert.deepEqual(unread(source.feeds ?? []), [], `${source.id} declares facts no endpoint reads`);
  }
  assert.deepEqual(unread(['macro_observation:us.cpj', 'equity_bars']), ['macro_observation:us.cpj', 'equity_bars']);
  assert.deepEqual(unread(UNAVAILABLE.flatMap((entry) => entry.facts)), [], 'every unavailable figure is one an endpoint reads');
});

test('every registered /openapi/v1 data endpoint is in the map once, with its fields and an example of its own path', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const document = (await hub.get('/openapi.json')).json() as { paths: Record<string, { get?: unknown }> };
  const registered = Object.keys(document.paths)
    .filter((path) => path.startsWith('/openapi/v1/') && document.paths[path]?.get !== undefined)
    .map((path) => path.slice('/openapi/v1'.length).replace(/\{(\w+)\}/g, ':$1'));
  assert.equal(registered.length, 72, "the contract's 72 endpoints");
  const declaring = READING_ENDPOINTS.map((endpoint) => endpoint.path);
  assert.equal(new Set(declaring).size, declaring.length, 'no endpoint twice');
  // /usage serves no stored fact and /series lists the catalogue: neither declares reads.
  assert.deepEqual(
    [...declaring].sort(),
    registered.filter((path) => !['/usage', '/series'].includes(path)).sort(),
    'every endpoint that reads stored facts declares them',
  );
  // The series endpoints are catalogue endpoints: they read any fact by its registry name, the same
  // stored series the mapped endpoints read, so every fact's coverage is measured there.
  const mapped = FIELD_ENDPOINTS.map((endpoint) => endpoint.path);
  assert.deepEqual(
    [...mapped].sort(),
    registered.filter((path) => !['/usage', '/series', '/series/:fact', '/series/table', '/series/:fact/vintages'].includes(path)).sort(),
    'the 67 data endpoints have fields',
  );
  for (const { path, reads } of READING_ENDPOINTS) {
    const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/?]+')}(\\?|$)`);
    for (const request of [reads.example, ...Object.values(reads.fieldExamples ?? {})]) assert.match(request, pattern, `${path}: example ${request}`);
    for (const field of Object.keys(reads.fieldExamples ?? {})) assert.ok(field in reads.fields, `${path}: example for unknown field ${field}`);
  }
});

test('coverage from answers: served (with the values that hold a figure), declared but not yet loaded, or no source (with why); a non-200 answer is a problem; a disabled source declares nothing', async () => {
  const only = READING_ENDPOINTS.filter((endpoint) => ['/crypto/bubble-map', '/crypto/derivatives', '/crypto/dominance', '/news/feed'].includes(endpoint.path));
  const answers: Record<string, { statusCode: number; data?: unknown; message?: string }> = {
    '/crypto/bubble-map': {
      statusCode: 200,
      data: {
        coins: [
          { marketCap: 1.2e12, symbol: 'BTC', name: 'Bitcoin' },
          { marketCap: null, symbol: 'ETH', name: 'Ether' },
        ],
      },
    },
    '/crypto/derivatives': {
      statusCode: 200,
      data: {
        openInterest: { btc: { value: 5.1e9 }, eth: { value: null } },
        fundingRate: { btc: { rate: 0.0001 }, eth: { rate: null } },
        liquidations24h: { long: null, short: null },
        putCallRatio: { btc: { putOi: 61_000, callOi: 100_000 } },
      },
    },
    '/crypto/dominance': {
      statusCode: 200,
      data: { totalMarketCap: 2.4e12, coins: [{ marketCap: 1.2e12, symbol: 'BTC', name: 'Bitcoin', dominancePercentage: 51.2 }] },
    },
    '/news/feed?limit=100': { statusCode: 503, message: 'The data store is temporarily unavailable; retry shortly' },
  };
  const asked: string[] = [];
  const ask: AskHub = async (request) => {
    asked.push(request);
    const answer = answers[request];
    assert.ok(answer !== undefined, `asked ${request}`);
    return answer;
  };
  const report = await coverageReport({
    ask,
    sources: [
      { id: 'markets', enabled: true, feeds: ['crypto_coin', 'crypto_market_snapshot'] },
      { id: 'derivatives', enabled: true, feeds: ['crypto_metric:btc_*', 'crypto_metric:eth_open_interest'] },
      { id: 'news', enabled: false, feeds: ['news_article', 'news_article_symbol', 'news_article_category'] },
    ],
    endpoints: only,
  });
  assert.deepEqual(asked, Object.keys(answers), 'each request asked once, whatever its fields');
  assert.deepEqual(report.summary, { full: 1, partial: 2, none: 1 });
  const of = (path: string) => report.endpoints.find((endpoint) => endpoint.path === path);
  assert.deepEqual(
    of('/crypto/bubble-map')?.fields.map((field) => [field.field, field.state, field.values, field.withFigure]),
    [
      ['coins[].marketCap', 'served', 2, 1],
      ['coins[].symbol', 'served', 2, 2],
      ['coins[].name', 'served', 2, 2],
    ],
  );
  assert.equal(of('/crypto/bubble-map')?.status, 'partial', 'a row without the figure is a gap: the field is served, the endpoint not full');
  const derivatives = of('/crypto/derivatives');
  assert.deepEqual([derivatives?.status, derivatives?.sources], ['partial', ['derivatives']]);
  assert.deepEqual(
    derivatives?.fields.map((field) => [field.field, field.state, field.sources, field.unfed, field.unavailable.map((entry) => entry.kind)]),
    [
      ['openInterest.btc.value', 'served', ['derivatives'], [], []],
      ['openInterest.eth.value', 'declared, not yet loaded', ['derivatives'], [], []],
      ['fundingRate.btc.rate', 'served', ['derivatives'], [], []],
      ['fundingRate.eth.rate', 'no source', [], ['crypto_metric:eth_funding_rate'], []],
      ['liquidations24h.long', 'no source', [], ['crypto_metric:liquidations_long'], []],
      ['liquidations24h.short', 'no source', [], ['crypto_metric:liquidations_short'], []],
      ['putCallRatio.btc.putOi', 'served', ['derivatives'], [], []],
      ['putCallRatio.btc.callOi', 'served', ['derivatives'], [], []],
    ],
  );
  assert.equal(of('/crypto/dominance')?.status, 'full');
  const news = of('/news/feed');
  assert.deepEqual([news?.status, news?.sources], ['none', []], 'a disabled source declares nothing');
  assert.deepEqual(news?.fields[0]?.problem, { statusCode: 503, message: 'The data store is temporarily unavailable; retry shortly' });
  assert.equal(news?.fields[0]?.state, 'no source');
});

/** Turns an example request into one for this store's identifiers. */
type Rewrite = (request: string) => string;

interface Swept {
  path: string;
  status: CoverageStatus;
  /** Each field's request, answer status, whether a figure is in it and whether every value holds one. */
  fields: { field: string; request: string; statusCode: number; served: boolean; complete: boolean }[];
}

/**
 * The test's own sweep of the answers, apart from the report's: each endpoint full (every field
 * answered 200 with a figure in every value), none (no field with one) or partial.
 */
async function sweep(hub: TestHub, key: string, endpoints: readonly ReadingEndpoint[], rewrite: Rewrite = (request) => request): Promise<Swept[]> {
  const result: Swept[] = [];
  for (const { path, reads } of endpoints) {
    const fields: Swept['fields'] = [];
    for (const field of Object.keys(reads.fields)) {
      const request = rewrite(reads.fieldExamples?.[field] ?? reads.example);
      const answer = await hub.get(`/openapi/v1${request}`, key);
      const values = answer.statusCode === 200 ? reach(answer.json().data, field) : [];
      fields.push({ field, request, statusCode: answer.statusCode, served: values.some(filled), complete: values.length > 0 && values.every(filled) });
    }
    const status = fields.every((field) => field.complete) ? 'full' : fields.some((field) => field.served) ? 'partial' : 'none';
    result.push({ path, status, fields });
  }
  return result;
}

const countOf = (swept: readonly Swept[]): Record<CoverageStatus, number> => ({
  full: swept.filter((endpoint) => endpoint.status === 'full').length,
  partial: swept.filter((endpoint) => endpoint.status === 'partial').length,
  none: swept.filter((endpoint) => endpoint.status === 'none').length,
});

const notFull = (report: CoverageReport): string =>
  report.endpoints
    .flatMap((endpoint) =>
      endpoint.fields
        .filter((field) => field.state !== 'served')
        .map(
          (field) =>
            `${endpoint.path} ${field.field}: ${field.state} (${field.request}${field.problem === undefined ? '' : ` answered ${field.problem.statusCode} ${field.problem.message}`})`,
        ),
    )
    .join('\n');

/** The rows the operator's store keeps of keys, accounts, their audit and usage: a sweep adds none. */
async function operatorRows(hub: TestHub): Promise<number[]> {
  const db = hub.runtime.store.db;
  const count = async (table: 'api_key' | 'account' | 'audit_event' | 'usage_minute') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await count('api_key'), await count('account'), await count('audit_event'), await count('usage_minute')];
}

test('on a demo store coverage calls every endpoint full but those whose answers have the gaps the demo plays on purpose, as a sweep of the answers finds; the sweep leaves no key, account, audit or usage row behind', async (t) => {
  const hub = await createTestHub(t, { seed: demoGenerators, until: '2026-06-18' });
  // The examples name a real issue (8697, Japan Exchange Group); the demo's universe is its own: one of its issues with a split.
  const split = await hub.runtime.store.db.selectFrom('equity_action').select('code').orderBy('code').limit(1).executeTakeFirstOrThrow();
  // …and a real municipality (Chuo-ku, Tokyo, as MLIT's sync creates it): a demo ward with transactions.
  const ward = await hub.runtime.store.db
    .selectFrom('re_transaction as t')
    .innerJoin('re_ward as w', 'w.id', 't.ward_id')
    .select(['w.id', 'w.province_id'])
    .orderBy('w.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  // …and the funds of the recorded ICE archives (2080, 2081): demo funds with holdings.
  const rewrite: Rewrite = (request) =>
    request
      .replace('/equities/8697', `/equities/${split.code}`)
      .replace('/provinces/113/wards/1013102/', `/provinces/${ward.province_id}/wards/${ward.id}/`)
      .replace(/\/etf\/208[01]\//, '/etf/1306/')
      .replace('codes=2080,2081', 'codes=1306,1321')
      .replace('code1=2080&code2=2081', 'code1=1305&code2=1306');
  const endpoints = READING_ENDPOINTS.map(({ path, reads }) => ({
    path,
    reads: {
      ...reads,
      example: rewrite(reads.example),
      ...(reads.fieldExamples === undefined
        ? {}
        : { fieldExamples: Object.fromEntries(Object.entries(reads.fieldExamples).map(([field, request]) => [field, rewrite(request)])) }),
    },
  }));
  const before = await operatorRows(hub);
  const answers = await openHubAnswers(hub.runtime);
  let report: CoverageReport;
  try {
    report = await coverageReport({ ask: answers.ask, sources: [], endpoints });
  } finally {
    await answers.close();
  }
  assert.deepEqual(await operatorRows(hub), before, 'the sweep wrote nothing to the store it measured');
  assert.equal(report.summary.none, 0, notFull(report));
  const gaps = report.endpoints.flatMap((endpoint) =>
    endpoint.fields.filter((field) => field.state !== 'served' || field.withFigure < field.values).map((field) => `${endpoint.path} ${field.field}`),
  );
  assert.deepEqual(gaps, Object.keys(DEMO_GAPS), 'every field the demo leaves a gap in is a gap the demo plays on purpose');
  const withGaps = new Set(gaps.map((gap) => gap.split(' ')[0]));
  assert.deepEqual(report.summary, { full: 67 - withGaps.size, partial: withGaps.size, none: 0 }, 'an endpoint with a gap is partial, every other one full');
  const swept = await sweep(hub, await hub.key('pro'), FIELD_ENDPOINTS, rewrite);
  assert.deepEqual(
    report.endpoints.map((endpoint) => [endpoint.path, endpoint.status]),
    swept.map((endpoint) => [endpoint.path, endpoint.status]),
  );
});

/**
 * The gaps the demo plays on purpose, as publishers leave them: a field of these answers holds a
 * null, legitimately, so its endpoint is partial (`path field`, in the field map's order).
 */
const DEMO_GAPS: Readonly<Record<string, string>> = {
  '/etf [].indexName': "the demo's Vietnamese open-end funds track no index",
  '/etf [].tradingUnit': "the demo's Vietnamese open-end funds are not exchange-traded: no lot",
  '/etf [].distributionYield': "the demo's Vietnamese open-end funds and a few accumulating ETFs pay no distribution",
  '/etf [].price': "the demo's Vietnamese open-end funds are not exchange-traded: no market price",
  '/macro/fdi/vn/flows series[].registeredYtd': 'the demo plays two months the ministry published without figures',
  '/macro/fdi/vn/flows series[].realizedYtd': 'the demo plays two months the ministry published without figures',
  '/macro/fdi/vn/flows series[].cutoffDay': 'the demo plays two months the ministry published without figures',
  '/macro/interbank-rates/jp/tibor points[].tibor1w': 'the demo plays two days the 1-week fixing was left blank',
  '/macro/indicators/services-pmi rows[].values': 'Vietnam has no services PMI',
  '/real-estate/jp/provinces/:provinceId/wards/:wardId/transactions transactions[].buildingYear': 'a transaction of land alone has no building',
};

/**
 * Fields an enabled source declares that the doubles' recorded samples leave empty, with why
 * (`path field`, or `path` for every such field of the endpoint). Keep this list short; a real
 * sample that shows the field removes it, and a test fails while an entry names a field served.
 */
const SAMPLES_TOO_SMALL: Readonly<Record<string, string>> = {
  '/market/:market/equities/:code/related-stocks':
    'the recorded J-Quants master sample lists two issues (8697, 7203) in different sectors: 8697 has no peer to show',
  '/market/:market/equities/:code/corporate-actions': 'the recorded J-Quants bars sample has AdjFactor 1.0 on every row: no split to show',
  // test/ingest/sources/jpx.test.ts shows these filled from the recorded bars of 2024-01-15.
  '/etf/heatmap': 'the sync asks J-Quants for one day, whose recorded bars hold no fund',
  '/etf/:code/prices-history': 'the sync asks J-Quants for one day, whose recorded bars hold no fund',
  '/etf [].price': 'the sync asks J-Quants for one day, whose recorded bars hold no fund',
  '/etf/top-performance': 'the recorded ICE archives span 2026-08-10 to 21: the default 1M change needs a NAV a month before the latest',
  // The examples ask for an index fund, 1306: the funds of the recorded PCFs and JPX list page (2080, 2081) are active funds, which track no index.
  '/etf/:code/info':
    "the recorded JPX list page holds 2080 only (its one fund whose figures JPX's own pages were found to state); test/ingest/sources/jpx.test.ts shows them on /etf/2080/info",
  '/etf/:code/detail':
    'the recorded PCFs are of 2080 and 2081, the JPX list page holds 2080 and the recorded bars hold no fund; test/ingest/sources/ice.test.ts and jpx.test.ts show them for 2080 and 2081',
  '/crypto/derivatives':
    "Binance stamps open interest with the time it answered: the recorded ETHUSDT answer (2026-09-24) comes after the test clock's now (2026-06-19), and no earlier recorded one was found",
  '/macro/market-recap':
    "the recorded J-Quants index bars are the documentation's samples: TOPIX Core30 (0028) of 2023-12-01 and TOPIX of 2022-06-28, older than the recap's 20 days before the test clock; no TSE REIT index",
  '/macro/population [].population':
    "the example asks for Japan: e-Stat's recorded population estimates are of 2022-01, before the answer's window, and of July and August 2026, after the test clock (2026-06-19), so left out of the sample",
  // The FRED double answers the series with recorded observations (docs/data-sources.md, fred-macro), every other one with its recorded answer holding none.
  '/macro/economic-data [].exportTurnover':
    "the example asks for Japan, whose exports in US dollars no shipped source reads: no recorded answer of FRED's XTEXVA01JPM667S was found",
  '/macro/economic-data [].importTurnover':
    "the example asks for Japan, whose imports in US dollars no shipped source reads: no recorded answer of FRED's XTIMVA01JPM667S was found",
  '/macro/indicators/retail-sales-growth':
    "FRED: no US retail sales recorded with their fred/series description (fred-macro asks both); the Statistics Dashboard's recorded Japanese sales are three months, none a year after another",
  '/calendar/events [].actual': 'no recorded macro sample holds the figure of a release between 2026-06-01 and 18, the window the example asks for',
  // Japan's geography is what soumu, N03 and mlit-transactions declare; the field reads Vietnam's too.
  '/real-estate/:country/geojson': 'the example asks for Vietnam, whose wards no shipped source reads',
  '/real-estate/:country/provinces/:provinceId/wards [].wardName': 'the example asks for a Vietnamese province, whose geography no shipped source reads: 404',
};

test('from the recorded samples (every shipped source enabled, no demo): the report is what a sweep of the answers finds, a full endpoint misses no field, and each field a source declares but the samples leave empty is named with why', async (t) => {
  const all = await allPublishersHub(t);
  assert.deepEqual(
    all.outcomes.filter((outcome) => outcome.status !== 'succeeded').map((outcome) => outcome.sourceId),
    [],
    'every source synced',
  );
  const report = await storeCoverage(all.hub.runtime, loadSourcesFile(all.sourcesFile));
  const key = await all.hub.key();
  const swept = await sweep(all.hub, key, FIELD_ENDPOINTS);
  assert.deepEqual(
    report.endpoints.map((endpoint) => [endpoint.path, endpoint.status]),
    swept.map((endpoint) => [endpoint.path, endpoint.status]),
    'each endpoint as the sweep finds it',
  );
  assert.deepEqual(report.summary, countOf(swept));
  assert.equal(report.everyFieldServed, swept.filter((endpoint) => endpoint.fields.every((field) => field.served)).length, 'endpoints serving every field');
  t.diagnostic(
    `from the recorded samples: ${report.summary.full} full, ${report.summary.partial} partial, ${report.summary.none} none; ${report.everyFieldServed} serve every field`,
  );
  // Every endpoint called full answers 200 with a figure in each of its fields.
  for (const endpoint of report.endpoints.filter((candidate) => candidate.status === 'full')) {
    for (const field of swept.find((candidate) => candidate.path === endpoint.path)?.fields ?? []) {
      assert.deepEqual([field.statusCode, field.served], [200, true], `${field.request}: ${field.field}`);
    }
  }

  const declaredEmpty = report.endpoints.flatMap((endpoint) =>
    endpoint.fields.filter((field) => field.state === 'declared, not yet loaded').map((field) => ({ path: endpoint.path, field })),
  );
  const named = ({ path, field }: (typeof declaredEmpty)[number]) => SAMPLES_TOO_SMALL[`${path} ${field.field}`] ?? SAMPLES_TOO_SMALL[path];
  assert.deepEqual(
    declaredEmpty
      .filter((entry) => named(entry) === undefined)
      .map(
        ({ path, field }) =>
          `${path} ${field.field} (${field.request}${field.problem === undefined ? '' : ` answered ${field.problem.statusCode}: ${field.problem.message}`}; ${field.sources.join(', ')}; ${field.facts.join(', ')})`,
      ),
    [],
    'each field a source declares and the samples leave empty is named in SAMPLES_TOO_SMALL with why',
  );
  const stale = Object.keys(SAMPLES_TOO_SMALL).filter(
    (name) => !declaredEmpty.some((entry) => name === entry.path || name === `${entry.path} ${entry.field.field}`),
  );
  assert.deepEqual(stale, [], 'SAMPLES_TOO_SMALL names only fields the samples leave empty');

  // The news of the configured feeds are served; the Japanese sources declare no Vietnamese geography.
  const news = report.endpoints.find((endpoint) => endpoint.path === '/news/feed');
  assert.deepEqual([news?.status, news?.sources], ['full', ['rss-feeds']]);
  const geojson = report.endpoints.find((endpoint) => endpoint.path === '/real-estate/:country/geojson');
  assert.deepEqual(geojson?.fields.find((field) => field.field === 'wards[].coordinates')?.unfed, ['re_ward:vn.boundary']);

  const committed = coverageSection(readFileSync(DATA_SOURCES_DOC, 'utf8'));
  assert.ok(committed === samplesCoverageSection(report), 'the coverage section of docs/data-sources.md is stale: run `npm run docs:coverage` and commit it');
});

/** The sources that declare `stored` with `file`, by id. */
async function declaring(file: SourcesFile, stored: string): Promise<string[]> {
  const fact = factRegistry(await feedingSources(file), READING_ENDPOINTS).find((candidate) => candidate.stored === stored);
  assert.ok(fact !== undefined, `${stored} is a fact an endpoint reads`);
  return fact.sources.filter((source) => source.enabled).map((source) => source.id);
}

test("Vietnam's provinces and wards are declared by no Japanese source; rss-feeds declares the news with its default feeds, and none with an empty list", async () => {
  const shipped = loadSourcesFile(DEFAULT_SOURCES_FILE);
  for (const stored of ['re_province:vn', 're_ward:vn', 're_province:vn.boundary', 're_ward:vn.boundary'])
    assert.deepEqual(await declaring(shipped, stored), [], stored);
  assert.deepEqual(await declaring(shipped, 're_ward:jp'), ['soumu-local-government-codes', 'mlit-ksj-n03', 'mlit-transactions']);
  assert.deepEqual(await declaring(shipped, 're_ward:jp.boundary'), ['mlit-ksj-n03']);
  assert.deepEqual(await declaring(shipped, 're_province:jp.boundary'), ['mlit-ksj-n03']);
  assert.deepEqual(await declaring(shipped, 'news_article'), ['rss-feeds'], 'the default feeds');
  const noFeed: SourcesFile = { ...shipped, sources: { ...shipped.sources, 'rss-feeds': { params: { feeds: [] } } } };
  assert.deepEqual(await declaring(noFeed, 'news_article'), []);
});

test("a table's empty rows are named with why: no source feeds the row; its figures are older than the columns; or declared, not yet loaded", async () => {
  const only = READING_ENDPOINTS.filter((endpoint) => endpoint.path === '/macro/indicators/unemployment-rate');
  const row = (country: string, values: (number | null)[]) => ({ country, values });
  const answers: Record<string, { statusCode: number; data?: unknown }> = {
    '/macro/indicators/unemployment-rate': {
      statusCode: 200,
      data: { columns: [{ period: '2026-04' }, { period: '2026-05' }], rows: [row('US', [4.1, 4.2]), row('JP', [null, null]), row('VN', [null, null])] },
    },
    '/macro/indicators/unemployment-rate?periods=204': {
      statusCode: 200,
      data: {
        columns: ['2024-09', '2024-10', '2026-04', '2026-05'].map((period) => ({ period })),
        rows: [row('US', [4.1, 4.1, 4.1, 4.2]), row('JP', [2.4, 2.5, null, null]), row('VN', [null, null, null, null])],
      },
    },
  };
  const ask: AskHub = async (request) => answers[request] ?? assert.fail(`asked ${request}`);
  const sources = [
    { id: 'fred', enabled: true, feeds: ['macro_observation:us.unemployment'] },
    { id: 'estat', enabled: true, feeds: ['macro_observation:jp.unemployment'] },
  ];
  const field = async (withVietnam: boolean) => {
    const feeds = withVietnam ? [...sources, { id: 'vn', enabled: true, feeds: ['macro_observation:vn.unemployment'] }] : sources;
    const report = await coverageReport({ ask, sources: feeds, endpoints: only });
    return report.endpoints[0]?.fields[0];
  };
  const unfedVietnam = await field(false);
  assert.deepEqual([unfedVietnam?.values, unfedVietnam?.withFigure], [3, 1]);
  assert.deepEqual(unfedVietnam?.emptyRows?.[0], { row: 'JP', why: 'its newest figure is of 2024-10, before the columns' });
  assert.match(unfedVietnam?.emptyRows?.[1]?.why ?? '', /^no source/);
  assert.deepEqual((await field(true))?.emptyRows?.[1], { row: 'VN', why: 'declared, not yet loaded' });
});
