import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import type { VnFlows } from '../../../src/domains/macro/vn-flows.schemas.ts';
import { call, loadReleases, messages } from './helpers.ts';

const REG = 'vn.fdi.registered-ytd';
const REAL = 'vn.fdi.realized-ytd';

async function hubWithFlows(t: Parameters<typeof createTestHub>[0]) {
  const hub = await createTestHub(t);
  await loadReleases(hub, [
    {
      knowledgeAt: '2025-06-01T03:00:00.000Z',
      source: 'FIA',
      rows: [
        [REG, '2024-05', 100],
        [REG, '2024-11', 100],
        [REAL, '2024-11', 50],
        [REG, '2024-12', 130],
        [REAL, '2024-12', 70],
        [REG, '2025-01', 20],
        [REAL, '2025-01', 10],
        [REG, '2025-02', 45],
        [REAL, '2025-02', null],
        // 2025-03 never published
        [REG, '2025-04', 90],
        [REAL, '2025-04', 40],
        [REG, '2025-05', 120],
        [REAL, '2025-05', 55],
        ['vn.fdi.cutoff-day', '2025-05', 20],
      ],
    },
  ]);
  return { hub, key: await hub.key() };
}

test('VN flows: stand-alone months are YTD differences within a year; January is its own YTD; gaps give null', async (t) => {
  const { hub, key } = await hubWithFlows(t);
  const { status, body } = await call<VnFlows>(hub, key, '/macro/fdi/vn/flows?months=7');
  assert.equal(status, 200);
  const data = body.data;
  assert.deepEqual([data.latestPeriod, data.from, data.to, data.months], ['2025-05', '2024-11', '2025-05', 7]);
  const by = (field: 'registered' | 'realized') => Object.fromEntries(data.series.map((item) => [item.period, item[field]]));
  assert.deepEqual(by('registered'), {
    '2024-11': null, // 2024-10 unknown
    '2024-12': 30,
    '2025-01': 20, // across the year boundary: January stands alone
    '2025-02': 25,
    '2025-03': null, // the month itself is missing
    '2025-04': null, // its previous month is missing
    '2025-05': 30,
  });
  assert.deepEqual(by('realized'), { '2024-11': null, '2024-12': 20, '2025-01': 10, '2025-02': null, '2025-03': null, '2025-04': null, '2025-05': 15 });
  const may = data.series.at(-1);
  assert.equal(may?.registeredYtd, 120);
  assert.equal(may?.registeredYoy, ((120 - 100) / 100) * 100);
  assert.equal(may?.cutoffDay, 20);
  assert.equal(may?.source, 'FIA');
  assert.equal(data.series.find((item) => item.period === '2025-03')?.cutoffDay, null);
  assert.equal(data.series.find((item) => item.period === '2025-04')?.registeredYoy, null, 'no figure a year earlier');
});

test('VN flows: months trims only the series; cumulative keeps every year-to-date line', async (t) => {
  const { hub, key } = await hubWithFlows(t);
  const seven = await call<VnFlows>(hub, key, '/macro/fdi/vn/flows?months=7');
  const one = await call<VnFlows>(hub, key, '/macro/fdi/vn/flows?months=1');
  assert.deepEqual(
    one.body.data.series.map((s) => s.period),
    ['2025-05'],
  );
  assert.deepEqual(one.body.data.cumulative, seven.body.data.cumulative);
  assert.deepEqual(seven.body.data.cumulative, [
    {
      year: 2024,
      registered: [null, null, null, null, 100, null, null, null, null, null, 100, 130],
      realized: [null, null, null, null, null, null, null, null, null, null, 50, 70],
    },
    { year: 2025, registered: [20, 45, null, 90, 120], realized: [10, null, null, 40, 55] },
  ]);
  const twelve = await call<VnFlows>(hub, key, '/macro/fdi/vn/flows');
  assert.equal(twelve.body.data.months, 12, 'default 12 months');
  assert.equal(twelve.body.data.from, '2024-06');
});

test('VN flows: asOf before the first release is the empty answer; out-of-range months is a 400', async (t) => {
  const { hub, key } = await hubWithFlows(t);
  const empty = await call<VnFlows>(hub, key, '/macro/fdi/vn/flows?asOf=2025-05-31');
  assert.equal(empty.status, 200);
  assert.equal(empty.body.data.latestPeriod, null);
  assert.deepEqual([empty.body.data.series, empty.body.data.cumulative], [[], []]);
  for (const months of ['0', '61', 'x']) {
    const bad = await call(hub, key, `/macro/fdi/vn/flows?months=${months}`);
    assert.equal(bad.status, 400);
    assert.match(messages(bad.body), /months/);
  }
});
