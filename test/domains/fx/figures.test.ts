import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { closeTo, correlation, expectedLevel, independentStress, logDiffs, storedCloses, testClose } from './independent.ts';

async function getData<T>(hub: TestHub, url: string): Promise<T> {
  const response = await hub.get(url, await hub.key());
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as T;
}

interface TableRow {
  pair: string;
  lastPrice: number;
  changePct: number;
  sparkline10d: number[];
  high52w: number | null;
  low52w: number | null;
  asOf: string;
}

test('table rows: last close, change, sparkline and 52-week range agree with the stored closes', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const table = await getData<{ asOf: string; rows: TableRow[] }>(hub, '/openapi/v1/fx/table?pairs=EUR/USD,USD/JPY,USD/VND,XAU/USD,DXY');
  assert.equal(table.rows.length, 5);
  for (const row of table.rows) {
    const closes = await storedCloses(hub.runtime.store.db, row.pair);
    const last = closes[closes.length - 1];
    const previous = closes[closes.length - 2];
    assert.ok(last !== undefined && previous !== undefined);
    assert.equal(row.asOf, last.date);
    assert.equal(row.lastPrice, last.close);
    assert.ok(closeTo(row.changePct, ((last.close - previous.close) / previous.close) * 100, 2), `${row.pair} changePct`);
    assert.deepEqual(
      row.sparkline10d,
      closes.slice(-10).map((c) => c.close),
      `${row.pair} sparkline`,
    );
    // 52 weeks: the last close's date and the 364 days before it.
    const start = new Date(Date.parse(`${last.date}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
    const year = closes.filter((c) => c.date >= start).map((c) => c.close);
    assert.equal(row.high52w, Math.max(...year), `${row.pair} high52w`);
    assert.equal(row.low52w, Math.min(...year), `${row.pair} low52w`);
  }
});

test('the 52-week range is null, not a partial-year figure, when the history is shorter than 52 weeks', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const rows = ['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19'].map((date, i) => testClose('USD/KRW', date, 1380 + i));
  await db.insertInto('instrument_close').values(rows).execute();
  const table = await getData<{ rows: TableRow[] }>(hub, '/openapi/v1/fx/table?pairs=USD/KRW');
  assert.deepEqual(table.rows, [
    { pair: 'USD/KRW', lastPrice: 1384, changePct: 0.07, sparkline10d: [1380, 1381, 1382, 1383, 1384], high52w: null, low52w: null, asOf: '2026-06-19' },
  ]);
});

test('correlation: symmetric, unit diagonal, each value the Pearson correlation of the stored daily log returns on the last 90 common dates', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const symbols = ['DXY', 'EUR/USD', 'USD/JPY', 'USD/IDR', 'XAU/USD'];
  const served = await getData<{ samples: number; symbols: string[]; matrix: number[][]; asOf: string }>(
    hub,
    `/openapi/v1/fx/correlation?assets=${symbols.join(',')}`,
  );
  assert.deepEqual(served.symbols, symbols);
  const series = await Promise.all(symbols.map((symbol) => storedCloses(hub.runtime.store.db, symbol)));
  const maps = series.map((closes) => new Map(closes.map((c) => [c.date, c.close])));
  const common = [...(maps[0]?.keys() ?? [])]
    .filter((date) => maps.every((m) => m.has(date)))
    .sort()
    .slice(-90);
  assert.equal(served.asOf, common[common.length - 1]);
  assert.equal(served.samples, common.length - 1);
  assert.equal(served.samples, 89);
  const returns = maps.map((m) => logDiffs(common.map((date) => m.get(date) as number)));
  for (let i = 0; i < symbols.length; i++) {
    assert.equal(served.matrix[i]?.[i], 1);
    for (let j = 0; j < symbols.length; j++) {
      assert.equal(served.matrix[i]?.[j], served.matrix[j]?.[i], `symmetric at ${i},${j}`);
      if (i === j) continue;
      const expected = correlation(returns[i] as number[], returns[j] as number[]);
      assert.ok(closeTo(served.matrix[i]?.[j], expected, 4), `${symbols[i]} × ${symbols[j]}: ${served.matrix[i]?.[j]} vs ${expected}`);
    }
  }
  // The dollar index is built mostly from EUR/USD: strongly negative, as in the live service.
  assert.ok((served.matrix[0]?.[1] ?? 0) < -0.8);
  // Gold is one series: the XAU/USD closes the correlation reads are the commodity gold's history.
  const response = await hub.get('/openapi/v1/commodities/gold/history?period=1y', await hub.key('enterprise'));
  assert.equal(response.statusCode, 200, response.body);
  const history = response.json().data as { date: string; close: number }[];
  const from = history[0]?.date ?? '';
  assert.deepEqual(
    history,
    (series[4] ?? []).filter((c) => c.date >= from).map((c) => ({ date: c.date, close: c.close })),
  );
  const gold = new Map(history.map((c) => [c.date, c.close]));
  assert.deepEqual(
    common.map((date) => gold.get(date)),
    common.map((date) => maps[4]?.get(date)),
  );
});

interface StressPair {
  pair: string;
  latestPrice: number | null;
  vol30d: number | null;
  vol90dMean: number | null;
  vol90dSd: number | null;
  zScore: number | null;
  priceZScore: number | null;
  level: string;
  sampleN: number;
}

test('EM stress: volatilities, z-scores and levels agree with an independent calculation from the stored closes', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const stress = await getData<{ asOf: string; pairs: StressPair[] }>(hub, '/openapi/v1/fx/em-stress');
  assert.equal(stress.pairs.length, 12);
  const levels = new Set<string>();
  for (const pair of stress.pairs) {
    const closes = (await storedCloses(hub.runtime.store.db, pair.pair)).map((c) => c.close);
    const expected = independentStress(closes);
    assert.equal(pair.latestPrice, closes[closes.length - 1]);
    assert.equal(pair.sampleN, expected.n);
    assert.ok(closeTo(pair.vol30d, expected.vol30d, 2), `${pair.pair} vol30d ${pair.vol30d} vs ${expected.vol30d}`);
    assert.ok(closeTo(pair.vol90dMean, expected.mean, 2), `${pair.pair} vol90dMean`);
    assert.ok(closeTo(pair.vol90dSd, expected.sd, 2), `${pair.pair} vol90dSd`);
    assert.ok(closeTo(pair.zScore, expected.z, 2), `${pair.pair} zScore ${pair.zScore} vs ${expected.z}`);
    assert.ok(closeTo(pair.priceZScore, expected.priceZ, 2), `${pair.pair} priceZScore`);
    assert.equal(pair.level, expectedLevel(expected.z, expected.priceZ), pair.pair);
    levels.add(pair.level);
  }
  // Realistic demo data shows calm and stressed currencies side by side.
  assert.ok(levels.has('STABLE') && levels.has('WARNING'), [...levels].join(','));
});

test('the summary reports the latest DXY and USD/JPY closes and counts the EM stress levels', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const summary = await getData<{
    dxy: { value: number; changePct: number; asOf: string };
    usdJpy: { value: number; changePct: number; asOf: string };
    emStress: { level: string; score: number; panicCount: number; warningCount: number };
  }>(hub, '/openapi/v1/fx/summary');
  for (const [rate, pair] of [
    [summary.dxy, 'DXY'],
    [summary.usdJpy, 'USD/JPY'],
  ] as const) {
    const closes = await storedCloses(hub.runtime.store.db, pair);
    const last = closes[closes.length - 1];
    const previous = closes[closes.length - 2];
    assert.ok(last !== undefined && previous !== undefined);
    assert.equal(rate.value, last.close);
    assert.equal(rate.asOf, last.date);
    assert.ok(closeTo(rate.changePct, ((last.close - previous.close) / previous.close) * 100, 2), pair);
  }
  const stress = await getData<{ pairs: StressPair[] }>(hub, '/openapi/v1/fx/em-stress');
  const panics = stress.pairs.filter((p) => p.level === 'PANIC').length;
  const warnings = stress.pairs.filter((p) => p.level === 'WARNING').length;
  const score = 2 * panics + warnings;
  assert.deepEqual(summary.emStress, {
    level: score >= 4 ? 'PANIC' : score >= 2 ? 'WARNING' : 'STABLE',
    score,
    panicCount: panics,
    warningCount: warnings,
  });
});

test('demo data is deterministic: the same until gives the same figures', async (t) => {
  const first = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const second = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const url = '/openapi/v1/fx/correlation';
  assert.deepEqual(await getData(first, url), await getData(second, url));
});

test('a long pause in a series still yields the previous close and the sparkline from before it', async (t) => {
  const hub = await createTestHub(t);
  const closes = [
    { date: '2025-12-01', close: 5.71 },
    { date: '2025-12-02', close: 5.73 },
    { date: '2026-06-19', close: 5.48 },
  ];
  await hub.runtime.store.db
    .insertInto('instrument_close')
    .values(closes.map((c) => testClose('USD/BRL', c.date, c.close)))
    .execute();
  const table = await getData<{ rows: TableRow[] }>(hub, '/openapi/v1/fx/table?pairs=USD/BRL');
  assert.deepEqual(table.rows[0]?.sparkline10d, [5.71, 5.73, 5.48]);
  assert.ok(closeTo(table.rows[0]?.changePct, ((5.48 - 5.73) / 5.73) * 100, 2));
  const stress = await getData<{ pairs: StressPair[] }>(hub, '/openapi/v1/fx/em-stress');
  assert.equal(stress.pairs[0]?.latestPrice, 5.48);
  assert.equal(stress.pairs[0]?.level, 'UNKNOWN');
});

test('correlation reaches further back when sparse publication leaves fewer than 90 common dates in recent months', async (t) => {
  const hub = await createTestHub(t);
  const rows: ReturnType<typeof testClose>[] = [];
  let a = 1.1;
  let b = 150;
  for (let time = Date.parse('2025-06-02T00:00:00Z'); time <= Date.parse('2026-06-19T00:00:00Z'); time += 86_400_000) {
    const date = new Date(time);
    const day = date.getUTCDay();
    if (day === 0 || day === 6) continue;
    const iso = date.toISOString().slice(0, 10);
    const shock = Math.sin(time / 86_400_000) * 0.004;
    a *= Math.exp(shock);
    b *= Math.exp(-0.7 * shock + Math.cos(time / 3e7) * 0.003);
    rows.push(testClose('EUR/USD', iso, Number(a.toFixed(5))));
    // USD/JPY published on Mondays, Wednesdays and Fridays only.
    if (day % 2 === 1) rows.push(testClose('USD/JPY', iso, Number(b.toFixed(3))));
  }
  await hub.runtime.store.db.insertInto('instrument_close').values(rows).execute();
  const served = await getData<{ samples: number; matrix: number[][]; asOf: string }>(hub, '/openapi/v1/fx/correlation?assets=EUR/USD,USD/JPY');
  const eur = new Map((await storedCloses(hub.runtime.store.db, 'EUR/USD')).map((c) => [c.date, c.close]));
  const jpy = new Map((await storedCloses(hub.runtime.store.db, 'USD/JPY')).map((c) => [c.date, c.close]));
  const common = [...jpy.keys()]
    .filter((date) => eur.has(date))
    .sort()
    .slice(-90);
  assert.equal(served.samples, 89);
  assert.equal(served.asOf, '2026-06-19');
  const expected = correlation(logDiffs(common.map((d) => eur.get(d) as number)), logDiffs(common.map((d) => jpy.get(d) as number)));
  assert.ok(closeTo(served.matrix[0]?.[1], expected, 4), `${served.matrix[0]?.[1]} vs ${expected}`);
});
