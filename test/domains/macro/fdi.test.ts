import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import type { FdiByRegion } from '../../../src/domains/macro/fdi.schemas.ts';
import { call, loadReleases, messages, type TestRelease } from './helpers.ts';

const REGIONS = ['asia', 'north_america', 'latin_america', 'oceania', 'europe', 'middle_east', 'africa'];
const QUARTERS = ['2023-Q1', '2023-Q2', '2023-Q3', '2023-Q4', '2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4', '2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4'];

/** Twelve quarters per direction; region k of quarter i is 10·(i+1)+k; 2024-Q4 inward has gaps. */
function history(): TestRelease[] {
  const rows: [string, string, number | null, string?][] = [];
  QUARTERS.forEach((quarter, i) => {
    for (const direction of ['inward', 'outward']) {
      rows.push([`jp.fdi.${direction}.total`, quarter, 1000 + i]);
      REGIONS.forEach((region, k) => {
        rows.push([`jp.fdi.${direction}.${region}`, quarter, 10 * (i + 1) + k]);
      });
      rows.push([`jp.fdi.${direction}.preliminary`, quarter, quarter === '2025-Q4' ? 1 : 0]);
    }
  });
  // 2024-Q4 inward: two confidential regions, no value; 2024-Q3 inward: no world total.
  rows.push(['jp.fdi.inward.middle_east', '2024-Q4', null, 'x'], ['jp.fdi.inward.africa', '2024-Q4', null, 'x']);
  rows.push(['jp.fdi.inward.total', '2024-Q3', null]);
  rows.push(['jp.fdi.outward.method-change', '2024-Q2', null, 'Regions reclassified']);
  const deduplicated = new Map(rows.map((row) => [`${row[0]}|${row[1]}`, row]));
  return [
    { knowledgeAt: '2025-01-10T00:00:00.000Z', rows: [...deduplicated.values()].filter(([, period]) => period <= '2024-Q3') },
    { knowledgeAt: '2026-03-10T00:00:00.000Z', rows: [...deduplicated.values()] },
  ];
}

async function hubWithHistory(t: Parameters<typeof createTestHub>[0]): Promise<{ hub: TestHub; key: string }> {
  const hub = await createTestHub(t);
  await loadReleases(hub, history());
  return { hub, key: await hub.key() };
}

const fdi = async (hub: TestHub, key: string, query: string) => call<FdiByRegion>(hub, key, `/macro/fdi/by-region?country=jp${query}`);
const periods = (records: { period: string }[] | undefined) => (records ?? []).map((r) => r.period);

test('FDI window: neither from nor to serves the latest `quarters` quarters, identical for both directions', async (t) => {
  const { hub, key } = await hubWithHistory(t);
  const { status, body } = await fdi(hub, key, '');
  assert.equal(status, 200);
  assert.equal(body.data.latestPeriod, '2025-Q4');
  assert.deepEqual([body.data.from, body.data.to, body.data.quarters], ['2025-Q1', '2025-Q4', 4]);
  assert.deepEqual(periods(body.data.inward), ['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4']);
  assert.deepEqual(periods(body.data.outward), periods(body.data.inward));
  assert.deepEqual(
    body.data.regions.map((r) => r.code),
    REGIONS,
  );
  const twelve = await fdi(hub, key, '&quarters=12');
  assert.deepEqual(periods(twelve.body.data.outward), QUARTERS);
});

test('FDI window: only from counts `quarters` forward, cut at the latest quarter', async (t) => {
  const { hub, key } = await hubWithHistory(t);
  const inside = await fdi(hub, key, '&from=2024-Q3&quarters=4');
  assert.deepEqual(periods(inside.body.data.inward), ['2024-Q3', '2024-Q4', '2025-Q1', '2025-Q2']);
  const cut = await fdi(hub, key, '&from=2025-Q3&quarters=4');
  assert.deepEqual(periods(cut.body.data.inward), ['2025-Q3', '2025-Q4']);
  assert.equal(cut.body.data.quarters, 2);
});

test('FDI window: only to counts `quarters` back; both from and to give exactly that window', async (t) => {
  const { hub, key } = await hubWithHistory(t);
  const back = await fdi(hub, key, '&to=2024-Q2&quarters=3');
  assert.deepEqual(periods(back.body.data.outward), ['2023-Q4', '2024-Q1', '2024-Q2']);
  const exact = await fdi(hub, key, '&from=2023-Q2&to=2023-Q3&quarters=10');
  assert.deepEqual(periods(exact.body.data.outward), ['2023-Q2', '2023-Q3']);
  assert.equal(exact.body.data.quarters, 2);
  const reversed = await fdi(hub, key, '&from=2024-Q3&to=2024-Q1');
  assert.equal(reversed.status, 400);
  assert.match(messages(reversed.body), /from/);
  const tooLong = await fdi(hub, key, '&from=2022-Q1&to=2025-Q1');
  assert.equal(tooLong.status, 400);
  assert.match(messages(tooLong.body), /13 quarters/);
});

test('FDI unallocated is the world total minus the regions that have a figure; null total gives null', async (t) => {
  const { hub, key } = await hubWithHistory(t);
  const { body } = await fdi(hub, key, '&from=2024-Q3&to=2024-Q4&direction=inward');
  const [q3, q4] = body.data.inward ?? [];
  assert.ok(q3 !== undefined && q4 !== undefined);
  assert.equal(q3.total, null);
  assert.equal(q3.unallocated, null);
  // 2024-Q4 is quarter index 7: regions 80..86, middle_east and africa confidential.
  assert.equal(q4.total, 1007);
  assert.equal(q4.values.middle_east, null);
  assert.equal(q4.values.africa, null);
  assert.deepEqual(q4.markers, { middle_east: 'x', africa: 'x' });
  const regionSum = [80, 81, 82, 83, 84].reduce((a, b) => a + b, 0);
  assert.equal(q4.unallocated, 1007 - regionSum);
  assert.equal(q3.markers, undefined);
});

test('FDI direction filtering leaves the other direction out; the series break shows only inside the window', async (t) => {
  const { hub, key } = await hubWithHistory(t);
  const inward = await fdi(hub, key, '&direction=inward&from=2024-Q1&to=2024-Q4');
  assert.ok(Array.isArray(inward.body.data.inward));
  assert.equal('outward' in inward.body.data, false);
  assert.equal(inward.body.data.seriesBreak, undefined, 'the break is in the outward series only');
  const outward = await fdi(hub, key, '&direction=outward&from=2024-Q1&to=2024-Q4');
  assert.equal('inward' in outward.body.data, false);
  assert.deepEqual(outward.body.data.seriesBreak, { at: '2024-Q2', reason: 'Regions reclassified' });
  const both = await fdi(hub, key, '&from=2024-Q1&to=2024-Q4');
  assert.deepEqual(both.body.data.seriesBreak?.at, '2024-Q2');
  const startingAtBreak = await fdi(hub, key, '&from=2024-Q2&to=2024-Q4');
  assert.equal(startingAtBreak.body.data.seriesBreak, undefined);
  const before = await fdi(hub, key, '&from=2023-Q1&to=2024-Q1');
  assert.equal(before.body.data.seriesBreak, undefined);
});

test('FDI isPreliminary follows the publisher flag; asOf serves what was known, wasRestated and knowledgeAt follow', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  await loadReleases(hub, [
    {
      knowledgeAt: '2025-01-10T00:00:00.000Z',
      rows: [
        ['jp.fdi.outward.total', '2024-Q3', 900],
        ['jp.fdi.outward.asia', '2024-Q3', 300],
        ['jp.fdi.outward.preliminary', '2024-Q3', 1],
      ],
    },
    {
      knowledgeAt: '2025-03-10T05:00:00.000Z',
      rows: [
        ['jp.fdi.outward.total', '2024-Q3', 950],
        ['jp.fdi.outward.asia', '2024-Q3', 300],
        ['jp.fdi.outward.preliminary', '2024-Q3', 0],
      ],
    },
  ]);
  const early = await fdi(hub, key, '&direction=outward&asOf=2025-02-01');
  assert.equal(early.body.data.outward?.at(-1)?.total, 900);
  assert.equal(early.body.data.outward?.at(-1)?.isPreliminary, true);
  assert.equal(early.body.data.wasRestated, false);
  assert.equal(early.body.data.knowledgeAt, '2025-01-10T00:00:00.000Z');
  const late = await fdi(hub, key, '&direction=outward');
  assert.equal(late.body.data.outward?.at(-1)?.total, 950);
  assert.equal(late.body.data.outward?.at(-1)?.isPreliminary, false);
  assert.equal(late.body.data.wasRestated, true);
  assert.equal(late.body.data.knowledgeAt, '2025-03-10T05:00:00.000Z');
  const sameDay = await fdi(hub, key, '&direction=outward&asOf=2025-03-10');
  assert.equal(sameDay.body.data.outward?.at(-1)?.total, 950, 'the cut-off is the end of the asOf day');
  const empty = await fdi(hub, key, '&asOf=2024-12-31');
  assert.equal(empty.status, 200);
  assert.equal(empty.body.data.latestPeriod, null);
  assert.deepEqual([empty.body.data.inward, empty.body.data.outward, empty.body.data.quarters], [[], [], 0]);
  const emptyWindow = await fdi(hub, key, '&asOf=2024-12-31&from=2024-Q1&to=2024-Q3');
  assert.deepEqual([emptyWindow.body.data.latestPeriod, emptyWindow.body.data.outward, emptyWindow.body.data.from], [null, [], null]);
});

test('FDI rejects out-of-range parameters with a 400 naming the parameter', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  const cases: [string, RegExp][] = [
    ['/macro/fdi/by-region', /country/],
    ['/macro/fdi/by-region?country=vn', /country/],
    ['/macro/fdi/by-region?country=jp&quarters=0', /quarters/],
    ['/macro/fdi/by-region?country=jp&quarters=13', /quarters/],
    ['/macro/fdi/by-region?country=jp&from=2024-Q5', /from/],
    ['/macro/fdi/by-region?country=jp&to=2024Q1', /to/],
    ['/macro/fdi/by-region?country=jp&direction=both', /direction/],
    ['/macro/fdi/by-region?country=jp&asOf=2026-06-20', /asOf/],
    ['/macro/fdi/by-region?country=jp&asOf=yesterday', /asOf/],
  ];
  for (const [url, name] of cases) {
    const { status, body } = await call(hub, key, url);
    assert.equal(status, 400, url);
    assert.match(messages(body), name, url);
  }
  const today = await call(hub, key, '/macro/fdi/by-region?country=JP&asOf=2026-06-19');
  assert.equal(today.status, 200, 'today is allowed, and the country code in either case');
});
