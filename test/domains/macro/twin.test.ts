import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import { twinOperation, twinOperations, twinProblems } from '../../helpers/twin.ts';
import { instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { macroDemoGenerator } from '../../../src/ingest/demo/macro.ts';
import { call, messages } from './helpers.ts';

/** Requests that exercise each twin Macro operation (and each economic-data variant) on the demo. */
const REQUESTS: { operationId: string; url: string; variant?: string }[] = [
  { operationId: 'macroGdpGrowthRate', url: '/macro/gdp-growth-rate' },
  { operationId: 'macroGdpGrowthRate', url: '/macro/gdp-growth-rate?country=us&asOf=2024-01-15' },
  { operationId: 'macroMarketRecap', url: '/macro/market-recap' },
  { operationId: 'macroMarketRecap', url: '/macro/market-recap?asOf=2026-01-05' },
  { operationId: 'macroEconomicData', url: '/macro/economic-data?type=gdp', variant: 'EconomicDataPoint' },
  { operationId: 'macroEconomicData', url: '/macro/economic-data?type=cpi&country=VN&period=3Y', variant: 'MacroCpiData' },
  { operationId: 'macroEconomicData', url: '/macro/economic-data?type=pce&country=US&period=1Y', variant: 'MacroPceData' },
  { operationId: 'macroEconomicData', url: '/macro/economic-data?type=import-export&country=VN&period=10Y', variant: 'MacroImportExportData' },
  { operationId: 'macroExchangeRate', url: '/macro/exchange-rate?currency1=USD&currency2=JPY&period=1Y' },
  { operationId: 'macroExchangeRate', url: '/macro/exchange-rate?currency1=JPY&currency2=VND&period=20Y&before=2024-01-01' },
  { operationId: 'macroPopulation', url: '/macro/population' },
  { operationId: 'macroPopulation', url: '/macro/population?country=VN&period=10Y' },
  { operationId: 'macroCentralGovernmentDebt', url: '/macro/monetary-policy/central-government-debt' },
  { operationId: 'macroCentralGovernmentDebt', url: '/macro/monetary-policy/central-government-debt?country=JP&period=20Y' },
  { operationId: 'macroRatesYields', url: '/macro/monetary-policy/rates-yields' },
  { operationId: 'macroRatesYields', url: '/macro/monetary-policy/rates-yields?country=US&period=1Y&asOf=2025-06-30' },
];

test('every Macro operation of the twin answers the demo in its field table shape', async (t) => {
  // The exchange rates and the market recap's levels are the instruments' closes: that demo, not the macro one, writes them.
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator, macroDemoGenerator] });
  const key = await hub.key();
  const macroOperations = twinOperations().filter((op) => op.path.startsWith('/openapi/v1/macro/'));
  assert.equal(macroOperations.length, 7);
  for (const op of macroOperations)
    assert.ok(
      REQUESTS.some((r) => r.operationId === op.operationId),
      `${op.operationId} is exercised`,
    );
  for (const request of REQUESTS) {
    const operation = twinOperation(request.operationId);
    assert.equal(hub.app.apiOperations.get(request.operationId)?.pathTemplate, operation.path.replace('/openapi/v1', ''));
    assert.equal(hub.app.apiOperations.get(request.operationId)?.weight, operation.weight);
    const { status, body } = await call(hub, key, request.url);
    assert.equal(status, 200, request.url);
    const data = body.data;
    const problems = twinProblems(request.operationId, data, request.variant === undefined ? {} : { variant: request.variant });
    assert.deepEqual(problems, [], request.url);
    const nonEmpty = Array.isArray(data) ? data.length > 0 : Object.values(data as object).every((v) => !Array.isArray(v) || v.length > 0);
    assert.ok(nonEmpty, `${request.url} serves demo data`);
    assert.equal(typeof body.meta.wasRestated, 'boolean', `${request.url} reports wasRestated in meta`);
  }
});

test('twin defaults and windows: economic data 10Y of JP quarters; population 1Y of months; debt 5Y of US quarters', async (t) => {
  const hub = await createTestHub(t, { seed: [macroDemoGenerator] });
  const key = await hub.key();
  const gdp = await call<{ country: string; quarter: string; gdp: string }[]>(hub, key, '/macro/economic-data?type=gdp');
  assert.equal(gdp.body.data.length, 40);
  assert.ok(gdp.body.data.every((p) => p.country === 'JP' && /^Q[1-4] \d{4}$/.test(p.quarter) && /^\d+\.\d{3}$/.test(p.gdp)));
  const population = await call<{ observationDate: string }[]>(hub, key, '/macro/population');
  assert.equal(population.body.data.length, 12);
  const debt = await call<{ country: string }[]>(hub, key, '/macro/monetary-policy/central-government-debt');
  assert.equal(debt.body.data.length, 20);
  assert.equal(debt.body.data[0]?.country, 'US');
  const rates = await call<{ country: string }[]>(hub, key, '/macro/monetary-policy/rates-yields');
  assert.equal(rates.body.data.length, 120);
});

test('twin parameters out of range are a 400 naming the parameter', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  const cases: [string, RegExp][] = [
    ['/macro/economic-data', /type/],
    ['/macro/economic-data?type=ppi', /type/],
    ['/macro/economic-data?type=gdp&period=5Y', /period/],
    ['/macro/economic-data?type=gdp&country=FR', /country/],
    ['/macro/gdp-growth-rate?country=JPN', /country/],
    ['/macro/exchange-rate?currency1=USD', /currency2/],
    ['/macro/exchange-rate?currency1=USD&currency2=XYZ', /currency2/],
    ['/macro/exchange-rate?currency1=USD&currency2=JPY&period=2Y', /period/],
    ['/macro/exchange-rate?currency1=USD&currency2=JPY&before=2024-13-01', /before/],
    ['/macro/population?period=5Y', /period/],
    ['/macro/monetary-policy/central-government-debt?period=1Y', /period/],
    ['/macro/monetary-policy/rates-yields?period=20Y', /period/],
    ['/macro/market-recap?asOf=2027-01-01', /asOf/],
  ];
  for (const [url, name] of cases) {
    const { status, body } = await call(hub, key, url);
    assert.equal(status, 400, url);
    assert.match(messages(body), name, url);
  }
});

test('twin Macro parameters keep their names, requiredness, enums and defaults (asOf added)', async (t) => {
  const hub = await createTestHub(t);
  const doc = JSON.parse((await hub.app.inject({ method: 'GET', url: '/openapi.json' })).body) as {
    paths: Record<string, { get: { parameters?: { name: string; required?: boolean; schema: { enum?: string[]; default?: unknown } }[] } }>;
  };
  // A list answer also takes `format` (csv or json), the hub's addition like asOf.
  const csvOperations = new Set([...hub.app.apiOperations].filter(([, operation]) => operation.csv).map(([id]) => id));
  for (const op of twinOperations().filter((o) => o.path.startsWith('/openapi/v1/macro/'))) {
    const parameters = doc.paths[op.path]?.get.parameters ?? [];
    assert.deepEqual(
      parameters.map((p) => p.name).sort(),
      [...op.parameters.map((p) => p.name), 'asOf', ...(csvOperations.has(op.operationId) ? ['format'] : [])].sort(),
      op.operationId,
    );
    for (const twin of op.parameters) {
      const ours = parameters.find((p) => p.name === twin.name);
      assert.equal(ours?.required ?? false, twin.required, `${op.operationId} ${twin.name} required`);
      if (twin.enum !== undefined) assert.deepEqual(ours?.schema.enum, twin.enum, `${op.operationId} ${twin.name} enum`);
      if (twin.default !== undefined) assert.equal(ours?.schema.default, twin.default, `${op.operationId} ${twin.name} default`);
    }
  }
});
