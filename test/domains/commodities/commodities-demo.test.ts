import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { commoditiesDemoGenerator } from '../../../src/ingest/demo/commodities.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { importFile } from '../../../src/ingest/source.ts';

test('the commodities demo is deterministic and its clear removes exactly what it wrote', async (t) => {
  const hub = await createTestHub(t, { seed: [commoditiesDemoGenerator] });
  const db = hub.runtime.store.db;
  const snapshot = async () => db.selectFrom('commodity_price').select(['commodity_id', 'date', 'close', 'source']).orderBy('commodity_id').orderBy('date').execute();
  const first = await snapshot();

  const importer = findImporter('commodity-prices-csv');
  assert.ok(importer !== undefined);
  await db.deleteFrom('commodity_price').where('commodity_id', '=', 'zinc-lme').execute();
  const fixture = fileURLToPath(new URL('../../fixtures/commodities/commodity-prices.csv', import.meta.url));
  await importFile(db, importer, fixture, { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) });
  const imported = (await snapshot()).filter((r) => r.commodity_id === 'zinc-lme');
  assert.equal(imported.length, 3);

  const trx = db.transaction();
  await trx.execute(async (tx) => commoditiesDemoGenerator.clear(tx));
  const left = await snapshot();
  assert.ok(left.every((r) => r.source !== 'demo (generated)'));
  assert.equal(left.filter((r) => r.commodity_id === 'zinc-lme').length, 3, 'imported closes survive a demo clear');

  await db.deleteFrom('commodity_price').execute();
  await runDemoGenerators(db, [commoditiesDemoGenerator], { until: TEST_NOW.slice(0, 10), scale: 'small' });
  assert.deepEqual(await snapshot(), first, 'same arguments, same data');
});
