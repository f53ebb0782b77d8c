import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { INSTRUMENTS_DEMO_SOURCE, instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { indexInstrument } from '../../../src/domains/instruments/instruments.catalogue.ts';

/** An index close written by the test, as an importer stores it. */
const close = (code: string, date: string, value: number, source = 'test') => ({
  instrument: indexInstrument(code),
  date,
  close: value,
  source,
  release_id: null,
  knowledge_at: `${date}T22:00:00.000Z`,
});

interface Quote {
  code: string;
  name: string;
  country: string;
  region: string;
  level: number | null;
  change: number | null;
  changePercent: number | null;
  asOf: string | null;
  currency: string;
  source: string | null;
}

const ENDPOINTS = [
  {
    url: '/openapi/v1/market/indices/snapshot',
    operationId: 'marketIndicesSnapshot',
    codes: ['N225', 'TOPIX', 'TSEGCORE', 'TSEG250', 'JPXNK400', 'TOPIXC30', 'TSEREIT'],
  },
  {
    url: '/openapi/v1/market/global-indices',
    operationId: 'marketGlobalIndices',
    codes: ['SPX', 'DJI', 'IXIC', 'UKX', 'DAX', 'CAC', 'HSI', 'SHCOMP', 'KOSPI', 'AS51', 'SENSEX', 'VNINDEX'],
  },
] as const;

test('each index shows its latest stored close and the change from the close before it', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const key = await hub.key();
  const db = hub.runtime.store.db;
  for (const endpoint of ENDPOINTS) {
    assert.deepEqual(hub.app.apiOperations.get(endpoint.operationId), {
      feature: 'market_data',
      weight: 2,
      pathTemplate: endpoint.url.replace('/openapi/v1', ''),
      csv: true,
    });
    const response = await hub.get(endpoint.url, key);
    assert.equal(response.statusCode, 200, response.body);
    const quotes = response.json().data as Quote[];
    assert.deepEqual(
      quotes.map((q) => q.code),
      [...endpoint.codes],
    );
    for (const quote of quotes) {
      const closes = (await db.selectFrom('instrument_close').select(['date', 'close']).where('instrument', '=', indexInstrument(quote.code)).execute()).sort(
        (a, b) => b.date.localeCompare(a.date),
      );
      const [latest, previous] = closes;
      assert.ok(latest !== undefined && previous !== undefined);
      assert.equal(quote.level, latest.close);
      assert.equal(quote.asOf, latest.date);
      assert.ok(Math.abs((quote.change ?? Number.NaN) - (latest.close - previous.close)) <= 0.005 + 1e-9, `${quote.code} change`);
      const percent = ((latest.close - previous.close) / previous.close) * 100;
      assert.ok(Math.abs((quote.changePercent ?? Number.NaN) - percent) <= 0.005 + 1e-9, `${quote.code} changePercent`);
      assert.equal(quote.source, INSTRUMENTS_DEMO_SOURCE);
      assert.match(quote.country, /^[A-Z]{2}$/);
      assert.ok(quote.name !== '' && quote.region !== '' && /^[A-Z]{3}$/.test(quote.currency));
    }
  }
  const snapshot = (await hub.get(ENDPOINTS[0].url, key)).json().data as Quote[];
  const nikkei = snapshot.find((q) => q.code === 'N225');
  assert.equal(nikkei?.name, 'Nikkei 225');
  assert.equal(nikkei?.currency, 'JPY');
  assert.ok((nikkei?.level ?? 0) > 20_000 && (nikkei?.level ?? 0) < 60_000, 'a Nikkei-sized level');
});

test('an index with one close has no change, and one without closes has no level: null, never 0', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const index = { country: 'JP', region: 'Asia-Pacific', board: 'japan', currency: 'JPY', source: 'test' };
  await db
    .insertInto('market_index')
    .values([
      { code: 'NEW1', name: 'New index', position: 1, ...index },
      { code: 'NEW2', name: 'Not yet published', position: 2, ...index },
    ])
    .execute();
  await db
    .insertInto('instrument_close')
    .values(close('NEW1', '2026-06-19', 1000))
    .execute();
  // A third index resumed after a long suspension: its change is from the close before the pause.
  await db
    .insertInto('market_index')
    .values({ code: 'NEW3', name: 'Resumed index', position: 3, ...index })
    .execute();
  await db
    .insertInto('instrument_close')
    .values([close('NEW3', '2026-03-02', 500), close('NEW3', '2026-06-19', 510)])
    .execute();
  const response = await hub.get('/openapi/v1/market/indices/snapshot', await hub.key());
  assert.deepEqual(response.json().data, [
    {
      code: 'NEW1',
      name: 'New index',
      country: 'JP',
      region: 'Asia-Pacific',
      level: 1000,
      change: null,
      changePercent: null,
      asOf: '2026-06-19',
      currency: 'JPY',
      source: 'test',
    },
    {
      code: 'NEW2',
      name: 'Not yet published',
      country: 'JP',
      region: 'Asia-Pacific',
      level: null,
      change: null,
      changePercent: null,
      asOf: null,
      currency: 'JPY',
      source: null,
    },
    {
      code: 'NEW3',
      name: 'Resumed index',
      country: 'JP',
      region: 'Asia-Pacific',
      level: 510,
      change: 10,
      changePercent: 2,
      asOf: '2026-06-19',
      currency: 'JPY',
      source: 'test',
    },
  ]);
  assert.deepEqual((await hub.get('/openapi/v1/market/global-indices', await hub.key())).json().data, []);
});

test('the Market endpoints need market_data, take no parameters and are documented under the Market tag', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const free = await hub.key('free');
  assert.equal((await hub.get('/openapi/v1/market/global-indices', free)).statusCode, 403);
  const basic = await hub.key('basic');
  assert.equal((await hub.get('/openapi/v1/market/global-indices', basic)).statusCode, 200);
  const bad = await hub.get('/openapi/v1/market/indices/snapshot?limit=3', basic);
  assert.equal(bad.statusCode, 400);
  assert.ok((bad.json().error.message as string[]).some((m) => m.includes('limit')));
  const openapi = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  for (const path of ['/openapi/v1/market/indices/snapshot', '/openapi/v1/market/global-indices']) {
    assert.deepEqual(openapi.paths[path].get.tags, ['Market']);
  }
});

test('clearing the demo removes exactly what it wrote', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const db = hub.runtime.store.db;
  await db
    .insertInto('instrument_close')
    .values(close('N225', '2026-06-20', 39000, 'imported'))
    .execute();
  await db.transaction().execute((trx) => instrumentsDemoGenerator.clear(trx));
  assert.equal((await db.selectFrom('market_index').selectAll().execute()).length, 0);
  const left = await db.selectFrom('instrument_close').select(['instrument', 'source']).execute();
  assert.deepEqual(
    left.map((row) => ({ ...row })),
    [{ instrument: indexInstrument('N225'), source: 'imported' }],
  );
});
