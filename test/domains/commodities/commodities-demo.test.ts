import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { INSTRUMENTS_DEMO_SOURCE, instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { importFile } from '../../../src/ingest/source.ts';
import { commodityInstrument, DOLLAR_INDEX } from '../../../src/domains/instruments/instruments.catalogue.ts';

const ZINC = commodityInstrument('zinc-lme');
const WTI = commodityInstrument('wti-crude');

test('the commodities demo is deterministic, an import replaces its span, and its clear removes exactly what it wrote', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const db = hub.runtime.store.db;
  // The commodities domain's closes: every `commodity:` instrument and the dollar index (`dxy`).
  const snapshot = async () =>
    db
      .selectFrom('instrument_close')
      .select(['instrument', 'date', 'close', 'source'])
      .where((eb) => eb.or([eb('instrument', 'like', 'commodity:%'), eb('instrument', '=', DOLLAR_INDEX)]))
      .orderBy('instrument')
      .orderBy('date')
      .execute();
  const first = await snapshot();
  assert.ok(first.length > 0 && first.every((r) => r.source === INSTRUMENTS_DEMO_SOURCE));
  const demoWti = first.filter((r) => r.instrument === WTI);
  assert.ok(
    demoWti.some((r) => r.date === '2026-06-18'),
    'the demo has a WTI close on the 18th',
  );

  const importer = findImporter('commodity-prices-csv');
  assert.ok(importer !== undefined);
  const fixture = fileURLToPath(new URL('../../fixtures/commodities/commodity-prices.csv', import.meta.url));
  await importFile(db, importer, fixture, { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) });
  const afterImport = await snapshot();
  const zinc = afterImport.filter((r) => r.instrument === ZINC && r.date >= '2026-06-17');
  assert.deepEqual(
    zinc.map((r) => [r.date, r.close, r.source]),
    [
      ['2026-06-17', 3555.5, importer.source],
      ['2026-06-18', 3491, importer.source],
      ['2026-06-19', 3588, importer.source],
    ],
    "the file's span is the file's closes",
  );
  // The file skips WTI on the 18th: within its span the demo close goes too, a gap, not a mix of publishers.
  const wti = afterImport.filter((r) => r.instrument === WTI);
  assert.equal(
    wti.find((r) => r.date === '2026-06-18'),
    undefined,
  );
  assert.ok(wti.filter((r) => r.date >= '2026-06-15').every((r) => r.source === importer.source));
  // Before the span the demo history stays.
  assert.deepEqual(
    wti.filter((r) => r.date < '2026-06-15'),
    demoWti.filter((r) => r.date < '2026-06-15'),
  );

  const trx = db.transaction();
  await trx.execute(async (tx) => instrumentsDemoGenerator.clear(tx));
  const left = await snapshot();
  assert.ok(left.every((r) => r.source !== INSTRUMENTS_DEMO_SOURCE));
  assert.equal(left.filter((r) => r.instrument === ZINC).length, 3, 'imported closes survive a demo clear');
  assert.equal(left.length, 12, 'only the imported closes are left');

  await db.deleteFrom('instrument_close').execute();
  await runDemoGenerators(db, [instrumentsDemoGenerator], { until: TEST_NOW.slice(0, 10), scale: 'small' });
  assert.deepEqual(await snapshot(), first, 'same arguments, same data');
});
