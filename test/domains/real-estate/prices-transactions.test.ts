import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import { realEstateDemoGenerator } from '../../../src/ingest/demo/real-estate.ts';

interface PriceBody {
  data: {
    provinceId: number;
    country: string;
    unit: string;
    source: string;
    latestPeriod: string | null;
    changePct: number | null;
    points: { period: string; price: number; listings: number; momPct: number | null; yoyPct: number | null }[];
  };
}

interface TransactionsBody {
  data: {
    wardName: string;
    count: number;
    medianPricePerM2: number | null;
    transactions: { id: string; type: string; area: number; price: number; pricePerM2: number; buildingYear: number | null; tradePeriod: string }[];
  };
}

const pct = (now: number, before: number) => Math.round((now / before - 1) * 100 * 100) / 100;

test('a province price series serves the latest months with changes computed from the stored months', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const response = await hub.get('/openapi/v1/real-estate/vn/provinces/2/prices?type=land&months=12', key);
  assert.equal(response.statusCode, 200);
  const { data } = response.json() as PriceBody;
  const stored = await hub.runtime.store.db
    .selectFrom('re_province_price')
    .selectAll()
    .where('province_id', '=', 2)
    .where('property_type', '=', 'land')
    .orderBy('month')
    .execute();
  const latest = stored.slice(-12);
  assert.deepEqual(
    data.points.map((p) => [p.period, p.price, p.listings]),
    latest.map((r) => [r.month, r.price, r.listings]),
  );
  assert.equal(data.latestPeriod, '2026-05', 'the month before the clock’s is the last published');
  assert.equal(data.unit, 'k_vnd');
  assert.match(data.source, /demo/);
  data.points.forEach((point, i) => {
    const index = stored.length - 12 + i;
    assert.equal(point.momPct, pct(point.price, stored[index - 1]?.price ?? NaN));
    assert.equal(point.yoyPct, pct(point.price, stored[index - 12]?.price ?? NaN));
  });
  assert.equal(data.changePct, pct(latest[11]?.price ?? NaN, latest[0]?.price ?? NaN));

  const oldest = (await hub.get('/openapi/v1/real-estate/vn/provinces/2/prices?type=land&months=120', key)).json() as PriceBody;
  assert.equal(oldest.data.points.length, stored.length, 'the history is shorter than asked');
  assert.equal(oldest.data.points[0]?.momPct, null, 'no month before the first: null, never 0');
  assert.equal(oldest.data.points[0]?.yoyPct, null);

  for (const query of ['months=0', 'months=121', 'type=office']) {
    const bad = await hub.get(`/openapi/v1/real-estate/vn/provinces/2/prices?${query}`, key);
    assert.equal(bad.statusCode, 400, query);
    assert.match(JSON.stringify(bad.json()), new RegExp(query.split('=')[0] ?? ''));
  }
});

test('a Japanese ward serves its MLIT-shaped transactions, newest period first', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const response = await hub.get('/openapi/v1/real-estate/jp/provinces/113/wards/11301/transactions', key);
  assert.equal(response.statusCode, 200);
  const { data } = response.json() as TransactionsBody;
  const stored = await hub.runtime.store.db.selectFrom('re_transaction').selectAll().where('ward_id', '=', 11301).execute();
  assert.equal(data.wardName, 'Chiyoda-ku');
  assert.equal(data.count, stored.length);
  assert.deepEqual(new Set(data.transactions.map((x) => x.id)), new Set(stored.map((r) => r.id)));
  for (const x of data.transactions) {
    const row = stored.find((r) => r.id === x.id);
    assert.equal(x.pricePerM2, Math.round((row?.price ?? NaN) / (row?.area ?? NaN)));
  }
  const periods = data.transactions.map((x) => x.tradePeriod);
  assert.deepEqual(periods, [...periods].sort().reverse());
  const perM2 = data.transactions.map((x) => x.pricePerM2).sort((a, b) => a - b);
  const mid = Math.floor(perM2.length / 2);
  assert.equal(data.medianPricePerM2, perM2.length % 2 === 1 ? perM2[mid] : ((perM2[mid - 1] ?? 0) + (perM2[mid] ?? 0)) / 2);
  assert.ok(data.transactions.some((x) => x.type === 'Pre-owned Condominiums, etc.' && x.buildingYear !== null));
  assert.ok(
    data.transactions.every((x) => x.pricePerM2 > 500_000 && x.pricePerM2 < 20_000_000),
    'central Tokyo magnitudes',
  );

  const window = (await hub.get('/openapi/v1/real-estate/jp/provinces/113/wards/11301/transactions?from=2025-Q4&to=2026-Q1', key)).json() as TransactionsBody;
  assert.ok(window.data.transactions.length > 0);
  assert.ok(window.data.transactions.every((x) => x.tradePeriod === '2025-Q4' || x.tradePeriod === '2026-Q1'));
});

test('transactions: vn, an unknown ward or a ward of another province is a 404; a bad quarter a 400', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  for (const url of [
    'vn/provinces/1/wards/101/transactions',
    'jp/provinces/113/wards/99999/transactions',
    'jp/provinces/127/wards/11301/transactions',
    'jp/provinces/1/wards/101/transactions',
  ]) {
    assert.equal((await hub.get(`/openapi/v1/real-estate/${url}`, key)).statusCode, 404, url);
  }
  const bad = await hub.get('/openapi/v1/real-estate/jp/provinces/113/wards/11301/transactions?from=2025Q4', key);
  assert.equal(bad.statusCode, 400);
  assert.match(JSON.stringify(bad.json()), /from/);
});
