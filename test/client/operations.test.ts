import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type FdhClient, type FdhResponse, type PathsWith } from '../../packages/client/src/index.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { FEATURE_CODES } from '../../src/edge/auth/plans.ts';
import { listeningHub } from '../helpers/client.ts';
import { successValidators, type ServedDocument } from '../helpers/response-schemas.ts';

/**
 * Every operation of the read API in the served document, called once through the client against a hub on
 * the demo dataset. The table is typed by the generated `paths`: `tsc` (npm run typecheck)
 * rejects it when an operation is missing or a call's parameters do not fit, and each answer
 * is then checked at run time against its response schema in the document. Identifiers are
 * the demo's (the twin's examples; Hà Nội is province 2, Tokyo 113, Chiyoda-ku ward 11301;
 * 1511 is an issue the demo splits).
 */
type ApiPath = Extract<PathsWith<'get'>, `/openapi/v1/${string}`>;

const calls: { [P in ApiPath]: (fdh: FdhClient) => Promise<FdhResponse<P, 'get'>> } = {
  '/openapi/v1/usage': (fdh) => fdh.request('get', '/openapi/v1/usage'),
  '/openapi/v1/crypto': (fdh) => fdh.request('get', '/openapi/v1/crypto'),
  '/openapi/v1/crypto/bubble-map': (fdh) => fdh.request('get', '/openapi/v1/crypto/bubble-map', { query: { limit: 20 } }),
  '/openapi/v1/crypto/onchain': (fdh) => fdh.request('get', '/openapi/v1/crypto/onchain'),
  '/openapi/v1/crypto/derivatives': (fdh) => fdh.request('get', '/openapi/v1/crypto/derivatives'),
  '/openapi/v1/crypto/dominance': (fdh) => fdh.request('get', '/openapi/v1/crypto/dominance'),
  '/openapi/v1/commodities': (fdh) => fdh.request('get', '/openapi/v1/commodities', { query: { category: 'metals', sort: 'ytd' } }),
  '/openapi/v1/commodities/featured': (fdh) => fdh.request('get', '/openapi/v1/commodities/featured'),
  '/openapi/v1/commodities/movers': (fdh) => fdh.request('get', '/openapi/v1/commodities/movers'),
  '/openapi/v1/commodities/gold-dxy': (fdh) => fdh.request('get', '/openapi/v1/commodities/gold-dxy'),
  '/openapi/v1/commodities/{id}/history': (fdh) =>
    fdh.request('get', '/openapi/v1/commodities/{id}/history', { params: { id: 'gold' }, query: { period: '1m', interval: 'weekly' } }),
  '/openapi/v1/etf': (fdh) => fdh.request('get', '/openapi/v1/etf'),
  '/openapi/v1/etf/top-performance': (fdh) => fdh.request('get', '/openapi/v1/etf/top-performance'),
  '/openapi/v1/etf/top-netflow': (fdh) => fdh.request('get', '/openapi/v1/etf/top-netflow'),
  '/openapi/v1/etf/heatmap': (fdh) => fdh.request('get', '/openapi/v1/etf/heatmap'),
  '/openapi/v1/etf/compare/fund-composition': (fdh) => fdh.request('get', '/openapi/v1/etf/compare/fund-composition', { query: { codes: 'VESAF,VEOF' } }),
  '/openapi/v1/etf/compare/nav-growth': (fdh) => fdh.request('get', '/openapi/v1/etf/compare/nav-growth', { query: { code1: 'VESAF', code2: 'VEOF' } }),
  '/openapi/v1/etf/nav-growth/{code}': (fdh) => fdh.request('get', '/openapi/v1/etf/nav-growth/{code}', { params: { code: 'VESAF' } }),
  '/openapi/v1/etf/{code}/info': (fdh) => fdh.request('get', '/openapi/v1/etf/{code}/info', { params: { code: '1306' } }),
  '/openapi/v1/etf/{code}/holdings': (fdh) => fdh.request('get', '/openapi/v1/etf/{code}/holdings', { params: { code: '1306' } }),
  '/openapi/v1/etf/{code}/prices-history': (fdh) => fdh.request('get', '/openapi/v1/etf/{code}/prices-history', { params: { code: '1306' } }),
  '/openapi/v1/etf/{code}/detail': (fdh) => fdh.request('get', '/openapi/v1/etf/{code}/detail', { params: { code: '1306' } }),
  '/openapi/v1/etf/{code}/composition': (fdh) => fdh.request('get', '/openapi/v1/etf/{code}/composition', { params: { code: 'VESAF' } }),
  '/openapi/v1/fx/summary': (fdh) => fdh.request('get', '/openapi/v1/fx/summary'),
  '/openapi/v1/fx/table': (fdh) => fdh.request('get', '/openapi/v1/fx/table', { query: { pairs: 'EUR/USD,USD/JPY' } }),
  '/openapi/v1/fx/correlation': (fdh) => fdh.request('get', '/openapi/v1/fx/correlation', { query: { assets: 'DXY,EUR/USD,XAU/USD' } }),
  '/openapi/v1/fx/em-stress': (fdh) => fdh.request('get', '/openapi/v1/fx/em-stress'),
  '/openapi/v1/market/indices/snapshot': (fdh) => fdh.request('get', '/openapi/v1/market/indices/snapshot'),
  '/openapi/v1/market/global-indices': (fdh) => fdh.request('get', '/openapi/v1/market/global-indices'),
  '/openapi/v1/macro/gdp-growth-rate': (fdh) => fdh.request('get', '/openapi/v1/macro/gdp-growth-rate', { query: { country: 'VN' } }),
  '/openapi/v1/macro/market-recap': (fdh) => fdh.request('get', '/openapi/v1/macro/market-recap'),
  '/openapi/v1/macro/economic-data': (fdh) => fdh.request('get', '/openapi/v1/macro/economic-data', { query: { type: 'cpi', period: '3Y' } }),
  '/openapi/v1/macro/exchange-rate': (fdh) => fdh.request('get', '/openapi/v1/macro/exchange-rate', { query: { currency1: 'USD', currency2: 'JPY' } }),
  '/openapi/v1/macro/population': (fdh) => fdh.request('get', '/openapi/v1/macro/population'),
  '/openapi/v1/macro/monetary-policy/central-government-debt': (fdh) => fdh.request('get', '/openapi/v1/macro/monetary-policy/central-government-debt'),
  '/openapi/v1/macro/monetary-policy/rates-yields': (fdh) => fdh.request('get', '/openapi/v1/macro/monetary-policy/rates-yields'),
  '/openapi/v1/macro/fdi/by-region': (fdh) => fdh.request('get', '/openapi/v1/macro/fdi/by-region', { query: { country: 'JP', quarters: 8 } }),
  '/openapi/v1/macro/fdi/vn/flows': (fdh) => fdh.request('get', '/openapi/v1/macro/fdi/vn/flows', { query: { asOf: new Date('2026-03-31T12:00:00Z') } }),
  '/openapi/v1/macro/interbank-rates/jp/tibor': (fdh) => fdh.request('get', '/openapi/v1/macro/interbank-rates/jp/tibor', { query: { asOf: '2026-05-29' } }),
  '/openapi/v1/macro/indicators': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators'),
  '/openapi/v1/macro/indicators/gdp-growth-rate': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/gdp-growth-rate'),
  '/openapi/v1/macro/indicators/inflation-rate': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/inflation-rate', { query: { periods: 8 } }),
  '/openapi/v1/macro/indicators/core-inflation-rate': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/core-inflation-rate'),
  '/openapi/v1/macro/indicators/policy-rate': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/policy-rate'),
  '/openapi/v1/macro/indicators/unemployment-rate': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/unemployment-rate'),
  '/openapi/v1/macro/indicators/government-bond-10y': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/government-bond-10y'),
  '/openapi/v1/macro/indicators/manufacturing-pmi': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/manufacturing-pmi'),
  '/openapi/v1/macro/indicators/services-pmi': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/services-pmi'),
  '/openapi/v1/macro/indicators/retail-sales-growth': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/retail-sales-growth'),
  '/openapi/v1/macro/indicators/industrial-production-growth': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/industrial-production-growth'),
  '/openapi/v1/macro/indicators/trade-balance': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/trade-balance'),
  '/openapi/v1/macro/indicators/current-account-to-gdp': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/current-account-to-gdp'),
  '/openapi/v1/macro/indicators/government-debt-to-gdp': (fdh) => fdh.request('get', '/openapi/v1/macro/indicators/government-debt-to-gdp'),
  '/openapi/v1/market/{market}/equities': (fdh) =>
    fdh.request('get', '/openapi/v1/market/{market}/equities', { params: { market: 'jp' }, query: { segment: 'prime', limit: 5 } }),
  '/openapi/v1/market/{market}/equities/{code}': (fdh) =>
    fdh.request('get', '/openapi/v1/market/{market}/equities/{code}', { params: { market: 'jp', code: '7203' } }),
  '/openapi/v1/market/{market}/equities/{code}/prices': (fdh) =>
    fdh.request('get', '/openapi/v1/market/{market}/equities/{code}/prices', { params: { market: 'jp', code: '7203' }, query: { range: '1m' } }),
  '/openapi/v1/market/{market}/equities/{code}/financial-statements': (fdh) =>
    fdh.request('get', '/openapi/v1/market/{market}/equities/{code}/financial-statements', {
      params: { market: 'jp', code: '7203' },
      query: { statement: 'balance-sheet' },
    }),
  '/openapi/v1/market/{market}/equities/{code}/related-stocks': (fdh) =>
    fdh.request('get', '/openapi/v1/market/{market}/equities/{code}/related-stocks', { params: { market: 'jp', code: '7203' } }),
  '/openapi/v1/market/{market}/equities/{code}/corporate-actions': (fdh) =>
    fdh.request('get', '/openapi/v1/market/{market}/equities/{code}/corporate-actions', { params: { market: 'jp', code: '1511' } }),
  '/openapi/v1/market/{market}/sectors': (fdh) => fdh.request('get', '/openapi/v1/market/{market}/sectors', { params: { market: 'jp' } }),
  '/openapi/v1/news/feed': (fdh) => fdh.request('get', '/openapi/v1/news/feed', { query: { limit: 10 } }),
  '/openapi/v1/news/sentiment': (fdh) => fdh.request('get', '/openapi/v1/news/sentiment', { query: { window: '30d' } }),
  '/openapi/v1/calendar/events': (fdh) => fdh.request('get', '/openapi/v1/calendar/events', { query: { importance: 'high' } }),
  '/openapi/v1/real-estate/{country}/provinces': (fdh) =>
    fdh.request('get', '/openapi/v1/real-estate/{country}/provinces', { params: { country: 'all' }, query: { lang: 'en' } }),
  '/openapi/v1/real-estate/{country}/geojson': (fdh) =>
    fdh.request('get', '/openapi/v1/real-estate/{country}/geojson', { params: { country: 'vn' }, query: { provinceId: 2 } }),
  '/openapi/v1/real-estate/{country}/provinces/{provinceId}/prices': (fdh) =>
    fdh.request('get', '/openapi/v1/real-estate/{country}/provinces/{provinceId}/prices', { params: { country: 'vn', provinceId: 2 } }),
  '/openapi/v1/real-estate/{country}/provinces/{provinceId}/wards': (fdh) =>
    fdh.request('get', '/openapi/v1/real-estate/{country}/provinces/{provinceId}/wards', { params: { country: 'vn', provinceId: 2 } }),
  '/openapi/v1/real-estate/jp/provinces/{provinceId}/wards/{wardId}/transactions': (fdh) =>
    fdh.request('get', '/openapi/v1/real-estate/jp/provinces/{provinceId}/wards/{wardId}/transactions', { params: { provinceId: 113, wardId: 11301 } }),
  '/openapi/v1/series': (fdh) => fdh.request('get', '/openapi/v1/series', { query: { q: 'n225' } }),
  '/openapi/v1/series/{fact}': (fdh) =>
    fdh.request('get', '/openapi/v1/series/{fact}', { params: { fact: 'crypto.snapshot:BTC' }, query: { from: '2026-06-01' } }),
  '/openapi/v1/series/table': (fdh) => fdh.table(['macro:us.cpi', 'index.close:N225'], { from: '2026-01-01', frequency: 'monthly', units: 'pc1' }),
  '/openapi/v1/series/{fact}/vintages': (fdh) => fdh.request('get', '/openapi/v1/series/{fact}/vintages', { params: { fact: 'macro:us.cpi' } }),
};

const isApiPath = (path: string): path is ApiPath => Object.hasOwn(calls, path);

test('every operation of the read API answers the client with data that fits its documented schema', async (t) => {
  const hub = await listeningHub(t, { seed: demoGenerators, plans: { plans: { all: { budget: 100_000, features: [...FEATURE_CODES] } } } });
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: await hub.key('all') });
  const document = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json<ServedDocument>();
  const validatorOf = successValidators(document);

  // The read API; the dashboard API (/api/v1, session sign-in) has its own tests.
  const served = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/openapi/v1/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
  assert.deepEqual(
    served.filter(({ method }) => method !== 'get'),
    [],
    'the read API answers GET only',
  );
  assert.deepEqual(Object.keys(calls).sort(), served.map(({ path }) => path).sort(), 'one call per served operation');

  for (const { path } of served) {
    if (!isApiPath(path)) continue;
    const answer = await calls[path](fdh);
    assert.equal(answer.status, 200, path);
    const validate = validatorOf(path, 'get');
    const valid = validate({ success: true, statusCode: answer.status, data: answer.data, meta: answer.meta });
    assert.ok(valid, `${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    assert.ok(Array.isArray(answer.data) ? answer.data.length > 0 : Object.keys(answer.data).length > 0, `${path} answers demo data`);
  }

  // The search helper finds by name, best first.
  assert.equal(
    (await fdh.searchSeries('consumer price', { domain: 'macro' })).some((entry) => entry.id === 'macro:us.cpi'),
    true,
  );

  // The series helper and CSV: the same figures, as the JSON has them.
  const n225 = await fdh.series('index.close:N225', { from: '2026-06-01', to: '2026-06-10' });
  assert.ok(n225.length > 0);
  const csv = await fdh.csv('/openapi/v1/series/{fact}', { params: { fact: 'index.close:N225' }, query: { from: '2026-06-01', to: '2026-06-10' } });
  const lines = csv.trimEnd().split('\r\n');
  assert.equal(lines[0], 'date,period,value,open,high,low,close,volume');
  assert.deepEqual(
    lines.slice(1).map((line) => line.split(',')[2]),
    n225.map((point) => String(point.value)),
  );
});
