import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { twinOperation, twinProblems, twinExampleUrl } from '../../helpers/twin.ts';
import { instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';

const OPERATIONS = ['fxSummary', 'fxTable', 'fxCorrelation', 'fxEmStress'] as const;

async function getData(hub: TestHub, key: string, url: string): Promise<unknown> {
  const response = await hub.get(url, key);
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json().data;
}

test('every FX operation of the twin answers its example request in the twin field table shape', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const key = await hub.key();
  for (const operationId of OPERATIONS) {
    const operation = twinOperation(operationId);
    const registered = hub.app.apiOperations.get(operationId);
    assert.deepEqual(
      { feature: registered?.feature, weight: registered?.weight, pathTemplate: registered?.pathTemplate },
      { feature: operation.feature, weight: operation.weight, pathTemplate: operation.path.replace('/openapi/v1', '') },
    );
    const data = await getData(hub, key, twinExampleUrl(operationId));
    assert.deepEqual(twinProblems(operationId, data), [], operationId);
    // Without parameters: the defaults.
    assert.deepEqual(twinProblems(operationId, await getData(hub, key, operation.path)), [], `${operationId} defaults`);
  }
});

test('the example requests return the example symbols, with figures for each', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const key = await hub.key();
  const table = (await getData(hub, key, twinExampleUrl('fxTable'))) as { asOf: string; rows: { pair: string; high52w: number | null }[] };
  assert.deepEqual(
    table.rows.map((row) => row.pair),
    ['EUR/USD', 'USD/JPY'],
  );
  assert.equal(table.asOf, '2026-06-19');
  assert.ok(table.rows.every((row) => row.high52w !== null));
  const correlation = (await getData(hub, key, twinExampleUrl('fxCorrelation'))) as { symbols: string[]; samples: number; window: string };
  assert.deepEqual(correlation.symbols, ['DXY', 'EUR/USD', 'XAU/USD']);
  assert.equal(correlation.window, '90d');
  assert.equal(correlation.samples, 89);
  const stress = (await getData(hub, key, '/openapi/v1/fx/em-stress')) as { pairs: { pair: string; sampleN: number }[] };
  for (const pair of ['USD/CNY', 'USD/IDR', 'USD/INR', 'USD/KRW', 'USD/VND', 'USD/BRL', 'USD/MXN', 'USD/ZAR', 'USD/TRY']) {
    assert.equal(stress.pairs.find((p) => p.pair === pair)?.sampleN, 90, pair);
  }
  const summary = (await getData(hub, key, '/openapi/v1/fx/summary')) as { dxy: { value: number; source: string } };
  assert.ok(summary.dxy.value > 80 && summary.dxy.value < 130, 'a dollar index level');
  assert.match(summary.dxy.source, /demo/);
});

test('bad parameters are 400s naming the parameter', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const key = await hub.key();
  const cases: [string, string][] = [
    ['/openapi/v1/fx/table?pairs=EUR/USD,FOO/BAR', 'pairs'],
    ['/openapi/v1/fx/table?pairs=EUR/USD,,USD/JPY', 'pairs'],
    ['/openapi/v1/fx/table?pair=EUR/USD', 'pair'],
    ['/openapi/v1/fx/table?pairs=EUR/USD&pairs=USD/JPY', 'pairs'],
    ['/openapi/v1/fx/correlation?assets=DXY', 'assets'],
    ['/openapi/v1/fx/correlation?assets=DXY,XAG/USD', 'assets'],
    ['/openapi/v1/fx/summary?window=30d', 'window'],
    ['/openapi/v1/fx/em-stress?pairs=USD/CNY', 'pairs'],
  ];
  for (const [url, parameter] of cases) {
    const response = await hub.get(url, key);
    assert.equal(response.statusCode, 400, url);
    const body = response.json() as { error: { code: string; message: string[] }; meta: { error: string } };
    assert.equal(body.error.code, 'INTERNAL_ERROR');
    assert.equal(body.meta.error, 'Bad Request');
    assert.ok(Array.isArray(body.error.message) && body.error.message.some((m) => m.includes(parameter)), `${url}: ${JSON.stringify(body.error.message)}`);
  }
});

test('pairs are matched case-insensitively and echoed in market convention', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const key = await hub.key();
  const table = (await getData(hub, key, '/openapi/v1/fx/table?pairs=usd/jpy,%20eur/usd,USD/JPY')) as { rows: { pair: string }[] };
  assert.deepEqual(
    table.rows.map((row) => row.pair),
    ['USD/JPY', 'EUR/USD'],
  );
});

test('an empty store answers with nulls and empty lists, never zeros', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  assert.deepEqual(await getData(hub, key, '/openapi/v1/fx/summary'), { dxy: null, usdJpy: null, emStress: null });
  assert.deepEqual(await getData(hub, key, '/openapi/v1/fx/table'), { asOf: null, rows: [] });
  assert.deepEqual(await getData(hub, key, '/openapi/v1/fx/em-stress'), { asOf: null, pairs: [] });
  const correlation = await getData(hub, key, '/openapi/v1/fx/correlation');
  assert.deepEqual(correlation, { window: '90d', asOf: null, samples: 0, symbols: [], matrix: [] });
  for (const operationId of OPERATIONS) {
    assert.deepEqual(twinProblems(operationId, await getData(hub, key, twinOperation(operationId).path)), [], operationId);
  }
});
