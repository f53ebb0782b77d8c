import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import type { IndicatorList, IndicatorTable } from '../../../src/domains/macro/indicators.schemas.ts';
import { call, loadReleases, messages } from './helpers.ts';

const TABLES = [
  'gdp-growth-rate',
  'inflation-rate',
  'core-inflation-rate',
  'policy-rate',
  'unemployment-rate',
  'government-bond-10y',
  'manufacturing-pmi',
  'services-pmi',
  'retail-sales-growth',
  'industrial-production-growth',
  'trade-balance',
  'current-account-to-gdp',
  'government-debt-to-gdp',
];

test('indicator tables: two decimals, a dash for null, values and display aligned with columns', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  await loadReleases(hub, [
    {
      knowledgeAt: '2026-05-10T00:00:00.000Z',
      rows: [
        ['us.policy-rate', '2026-01', 4.5],
        ['us.policy-rate', '2026-02', 4.25],
        ['us.policy-rate', '2026-03', null],
        ['us.policy-rate', '2026-04', 4.126],
        ['jp.policy-rate', '2026-02', -0.1],
        ['jp.policy-rate', '2026-03', 0],
        ['jp.policy-rate', '2026-04', 0.75],
      ],
    },
  ]);
  const { status, body } = await call<IndicatorTable>(hub, key, '/macro/indicators/policy-rate?periods=3');
  assert.equal(status, 200);
  assert.deepEqual(body.data.columns, [
    { period: '2026-02', date: '2026-02-28' },
    { period: '2026-03', date: '2026-03-31' },
    { period: '2026-04', date: '2026-04-30' },
  ]);
  const [us, jp, vn] = body.data.rows;
  assert.deepEqual(us, {
    country: 'US',
    countryName: 'United States',
    available: true,
    values: [4.25, null, 4.126],
    display: ['4.25', '—', '4.13'],
    basis: 'level',
  });
  assert.deepEqual(jp?.display, ['-0.10', '0.00', '0.75']);
  assert.deepEqual(vn, { country: 'VN', countryName: 'Vietnam', available: false, values: [null, null, null], display: ['—', '—', '—'], basis: 'level' });
  const all = await call<IndicatorTable>(hub, key, '/macro/indicators/policy-rate?periods=204');
  assert.equal(all.body.data.columns.length, 4, 'trimmed to the history there is');
  const defaults = await call<IndicatorTable>(hub, key, '/macro/indicators/policy-rate');
  assert.equal(defaults.body.data.columns.length, 4, 'default 4 periods');
});

test('indicator tables compute growth from stored levels: US YoY on real GDP, JP QoQ, VN as published', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  await loadReleases(hub, [
    {
      knowledgeAt: '2026-05-20T00:00:00.000Z',
      rows: [
        ['us.gdp.real', '2025-Q1', 23000],
        ['us.gdp.real', '2026-Q1', 23483],
        ['jp.gdp.real', '2025-Q4', 560000],
        ['jp.gdp.real', '2026-Q1', 561680],
        ['vn.gdp.growth-published', '2026-Q1', 7.42],
        ['us.cpi', '2025-04', 300],
        ['us.cpi', '2026-04', 309.3],
      ],
    },
  ]);
  const gdp = await call<IndicatorTable>(hub, key, '/macro/indicators/gdp-growth-rate?periods=1');
  assert.deepEqual(gdp.body.data.columns, [{ period: '2026-Q1', date: '2026-03-31' }]);
  assert.deepEqual(
    gdp.body.data.rows.map((r) => [r.country, r.basis, r.values[0]]),
    [
      ['US', 'YoY', Math.round(((23483 - 23000) / 23000) * 10000) / 100],
      ['JP', 'QoQ', Math.round(((561680 - 560000) / 560000) * 10000) / 100],
      ['VN', 'published', 7.42],
    ],
  );
  assert.equal(gdp.body.data.unit, 'percent');
  const inflation = await call<IndicatorTable>(hub, key, '/macro/indicators/inflation-rate?periods=1');
  assert.equal(inflation.body.data.rows[0]?.values[0], 3.1);
  assert.equal(inflation.body.data.rows[0]?.display[0], '3.10');
});

test('indicator list names the 13 tables; an unknown table is a 404; periods outside 1–204 is a 400', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  const list = await call<IndicatorList>(hub, key, '/macro/indicators');
  assert.deepEqual(
    list.body.data.map((t) => t.name),
    TABLES,
  );
  const operations = [...hub.app.apiOperations.values()].filter((op) => op.pathTemplate.startsWith('/macro/indicators/'));
  assert.deepEqual(
    operations.map((op) => op.pathTemplate).sort(),
    TABLES.map((name) => `/macro/indicators/${name}`).sort(),
    'one catalogue operation per table',
  );
  assert.ok(operations.every((op) => op.feature === 'macro_data' && op.weight === 2));
  for (const name of TABLES) {
    const { status, body } = await call<IndicatorTable>(hub, key, `/macro/indicators/${name}`);
    assert.equal(status, 200, name);
    assert.deepEqual([body.data.columns, body.data.rows], [[], []], 'empty store: empty table');
  }
  const unknown = await call(hub, key, '/macro/indicators/gdp-growth');
  assert.equal(unknown.status, 404);
  for (const periods of ['0', '205']) {
    const bad = await call(hub, key, `/macro/indicators/inflation-rate?periods=${periods}`);
    assert.equal(bad.status, 400);
    assert.match(messages(bad.body), /periods/);
  }
});
