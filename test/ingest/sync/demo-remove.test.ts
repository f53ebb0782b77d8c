import assert from 'node:assert/strict';
import { test } from 'node:test';
import { instrumentsDemoGenerator, INSTRUMENTS_DEMO_SOURCE } from '../../../src/ingest/demo/instruments.ts';
import { macroDemoGenerator } from '../../../src/ingest/demo/macro.ts';
import { removeDemo } from '../../../src/cli/commands/demo.ts';
import { syncSetup } from './helpers.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';

test('fdh demo remove takes the demo out and leaves synced releases, their data and the accounts', async (t) => {
  const { hub, sync } = await syncSetup(t);
  const db = hub.runtime.store.db;
  await runDemoGenerators(db, [instrumentsDemoGenerator, macroDemoGenerator], { until: '2026-06-18', scale: 'small' });
  const key = await hub.key();
  const [ran] = await sync.run(['ecb-test-rates']);
  assert.equal(ran?.status, 'succeeded');
  const origins = async () => (await db.selectFrom('release').select('origin').distinct().orderBy('origin').execute()).map((r) => r.origin);
  assert.deepEqual(await origins(), ['demo', 'sync'], 'the demo seed records origin demo');
  const beforeRemoval = (await hub.get('/openapi/v1/fx/table?pairs=EUR/USD', key)).json().data.rows[0];
  assert.ok(beforeRemoval.sparkline10d.length > 3, 'the demo fills the days around the synced ones');

  const removed = await removeDemo(db);
  assert.ok(removed > 0, 'the demo releases are removed');
  assert.deepEqual(await origins(), ['sync']);
  assert.equal((await db.selectFrom('instrument_close').select('instrument').where('source', '=', INSTRUMENTS_DEMO_SOURCE).execute()).length, 0);
  assert.equal((await db.selectFrom('macro_observation').selectAll().execute()).length, 0, 'the demo macro vintages are gone');
  const table = await hub.get('/openapi/v1/fx/table?pairs=EUR/USD', key);
  assert.equal(table.statusCode, 200, 'the key still works');
  assert.equal(table.json().data.rows[0].lastPrice, 1.1423, 'the synced figure stays');
  assert.equal(table.json().data.rows[0].sparkline10d.length, 3, 'and only the synced days are left: no demo day around them');
});
