import assert from 'node:assert/strict';
import { test } from 'node:test';
import { instrumentsDemoGenerator, INSTRUMENTS_DEMO_SOURCE } from '../../../src/ingest/demo/instruments.ts';
import { macroDemoGenerator } from '../../../src/ingest/demo/macro.ts';
import { removeDemo } from '../../../src/cli/commands/demo.ts';
import { syncSetup } from './helpers.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { importFile, type AnyImporter } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { TEST_NOW } from '../../helpers/app.ts';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORTED_FILE = fileURLToPath(new URL('../../fixtures/crypto/coingecko-markets.json', import.meta.url));

test('fdh demo remove takes the demo out and leaves synced releases, their data and the accounts', async (t) => {
  const { hub, sync } = await syncSetup(t);
  const db = hub.runtime.store.db;
  await runDemoGenerators(db, [instrumentsDemoGenerator, macroDemoGenerator], { until: '2026-06-18', scale: 'small' });
  const key = await hub.key();
  const [ran] = await sync.run(['ecb-test-rates']);
  assert.equal(ran?.status, 'succeeded');
  const imported = await importFile(db, findImporter('coingecko-markets') as AnyImporter, IMPORTED_FILE, {
    knowledgeAt: new Date(TEST_NOW),
    loadedAt: new Date(TEST_NOW),
  });
  const origins = async () => (await db.selectFrom('release').select('origin').distinct().orderBy('origin').execute()).map((r) => r.origin);
  assert.deepEqual(await origins(), ['demo', 'import', 'sync'], 'the demo seed records origin demo, fdh import origin import');
  const importedRelease = await db.selectFrom('release').select(['origin', 'file_name']).where('id', '=', imported.releaseId).executeTakeFirstOrThrow();
  assert.deepEqual([importedRelease.origin, importedRelease.file_name], ['import', basename(IMPORTED_FILE)]);
  const beforeRemoval = (await hub.get('/openapi/v1/fx/table?pairs=EUR/USD', key)).json().data.rows[0];
  assert.ok(beforeRemoval.sparkline10d.length > 3, 'the demo fills the days around the synced ones');

  const removed = await removeDemo(db);
  assert.ok(removed > 0, 'the demo releases are removed');
  assert.deepEqual(await origins(), ['import', 'sync'], 'imported and synced releases stay');
  assert.equal((await db.selectFrom('instrument_close').select('instrument').where('source', '=', INSTRUMENTS_DEMO_SOURCE).execute()).length, 0);
  assert.equal((await db.selectFrom('macro_observation').selectAll().execute()).length, 0, 'the demo macro vintages are gone');
  const table = await hub.get('/openapi/v1/fx/table?pairs=EUR/USD', key);
  assert.equal(table.statusCode, 200, 'the key still works');
  assert.equal(table.json().data.rows[0].lastPrice, 1.1423, 'the synced figure stays');
  assert.equal(table.json().data.rows[0].sparkline10d.length, 3, 'and only the synced days are left: no demo day around them');
});
