import assert from 'node:assert/strict';
import { test } from 'node:test';
import { removeDemo } from '../../../src/cli/commands/demo.ts';
import { demoGenerators } from '../../../src/ingest/demo/index.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { syncSetup } from '../../ingest/sync/helpers.ts';
import { listedSeries } from './listed-series.ts';

test('/series?hasData=true lists the demo, none once the demo is removed, then what a sync loads', async (t) => {
  const { hub, sync } = await syncSetup(t);
  const db = hub.runtime.store.db;
  await runDemoGenerators(db, demoGenerators, { until: '2026-06-18', scale: 'small' });
  const key = await hub.key('pro');
  const demo = await listedSeries(hub, key, '&hasData=true');
  assert.ok(demo.length > 500, `${demo.length} series hold demo figures`);
  assert.ok(demo.every((entry) => entry.series !== null && entry.firstDate !== null && entry.sources.some((source) => source.publisher === 'demo')));
  const every = (await listedSeries(hub, key)).length;

  await removeDemo(db);
  assert.deepEqual(await listedSeries(hub, key, '&hasData=true'), [], 'no series holds a point');
  const left = await listedSeries(hub, key);
  assert.ok(left.length < every, 'the issues, coins and funds of the demo are no series any more');
  assert.ok(left.every((entry) => entry.firstDate === null && entry.sources.length === 0));

  const [ran] = await sync.run(['ecb-test-rates']);
  assert.equal(ran?.status, 'succeeded');
  const synced = await listedSeries(hub, key, '&hasData=true');
  assert.ok(synced.length > 0);
  const publisher = synced[0]?.sources[0]?.publisher;
  assert.match(publisher ?? '', /European Central Bank/);
  // The ECB's pairs and the dollar index the hub replicates from them.
  assert.deepEqual(
    synced.filter((entry) => !(entry.sources.map((source) => source.publisher).join() === publisher && entry.frequency === 'daily')),
    [],
  );
  assert.deepEqual(
    synced.filter((entry) => entry.family !== 'fx.close').map((entry) => entry.id),
    ['index.close:USDX-ECB-REPLICA'],
  );
  const eurUsd = synced.find((entry) => entry.id === 'fx.close:EUR/USD');
  assert.equal(eurUsd?.series, '/series/fx.close:EUR%2FUSD');
  const points = await hub.get(`/openapi/v1${eurUsd?.series ?? ''}`, key);
  assert.equal(points.statusCode, 200);
  assert.equal(points.json<{ data: unknown[] }>().data.length > 0, true);
});
