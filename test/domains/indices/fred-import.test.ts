import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { importFile, ImportError, type Importer } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { INSTRUMENTS_DEMO_SOURCE, instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { indexInstrument } from '../../../src/domains/instruments/instruments.catalogue.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/fredgraph.csv', import.meta.url));
const MALFORMED = fileURLToPath(new URL('./fixtures/fredgraph-malformed.csv', import.meta.url));
const options = { knowledgeAt: new Date('2026-06-19T22:00:00Z'), loadedAt: new Date('2026-06-19T22:01:00Z') };

interface Quote {
  code: string;
  level: number | null;
  change: number | null;
  changePercent: number | null;
  asOf: string | null;
  source: string | null;
}

test('fred-indices loads FRED series under the hub index codes; closed days are gaps and the change spans them', async (t) => {
  const hub = await createTestHub(t);
  const importer = findImporter('fred-indices') as Importer | undefined;
  assert.ok(importer !== undefined);
  const result = await importFile(hub.runtime.store.db, importer, FIXTURE, options);
  assert.equal(result.status, 'loaded');
  assert.equal(result.rows, 28, '4 series × 8 days, less the Nikkei gap on the 15th and the three US series on Juneteenth');
  const key = await hub.key();
  const global = (await hub.get('/openapi/v1/market/global-indices', key)).json().data as Quote[];
  assert.deepEqual(
    global.map((q) => q.code),
    ['SPX', 'DJI', 'IXIC'],
  );
  // 2026-06-19 is a US market holiday (empty cells): the latest S&P 500 close is the 18th's.
  const spx = global[0];
  assert.equal(spx?.level, 6065.7);
  assert.equal(spx?.asOf, '2026-06-18');
  assert.equal(spx?.change, Math.round((6065.7 - 6039.12) * 100) / 100);
  assert.equal(spx?.changePercent, Math.round(((6065.7 - 6039.12) / 6039.12) * 10_000) / 100);
  assert.equal(spx?.source, importer.source);
  const japan = (await hub.get('/openapi/v1/market/indices/snapshot', key)).json().data as Quote[];
  assert.deepEqual(
    japan.map((q) => [q.code, q.level, q.asOf]),
    [['N225', 38955.12, '2026-06-19']],
  );
});

test('re-seeding the demo after an import keeps the imported closes and fills the rest', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const db = hub.runtime.store.db;
  const importer = findImporter('fred-indices') as Importer | undefined;
  assert.ok(importer !== undefined);
  const closesOf = async (code: string) =>
    db.selectFrom('instrument_close').select(['date', 'close', 'source']).where('instrument', '=', indexInstrument(code)).orderBy('date').execute();
  const demoSpx = await closesOf('SPX');
  await importFile(db, importer, FIXTURE, options);
  await runDemoGenerators(db, [instrumentsDemoGenerator], { until: '2026-06-19', scale: 'small' });
  const n225 = (await closesOf('N225')).filter((row) => row.date >= '2026-06-16');
  assert.deepEqual(n225.map((row) => [row.date, row.close, row.source]).sort(), [
    ['2026-06-16', 38810.4, importer.source],
    ['2026-06-17', 38755.06, importer.source],
    ['2026-06-18', 38901.33, importer.source],
    ['2026-06-19', 38955.12, importer.source],
  ]);
  // Outside the file's span the demo's closes are back as they were: the S&P 500's Juneteenth close, and the history before the file.
  const spx = await closesOf('SPX');
  const outside = (rows: typeof spx) => rows.filter((row) => row.date < '2026-06-10' || row.date > '2026-06-18').map((row) => ({ ...row }));
  assert.deepEqual(outside(spx), outside(demoSpx));
  assert.ok(outside(spx).every((row) => row.source === INSTRUMENTS_DEMO_SOURCE));
  const quotes = (await hub.get('/openapi/v1/market/global-indices', await hub.key())).json().data as Quote[];
  assert.equal(quotes.length, 12, 'the demo still lists every index');
});

test('a malformed FRED file is rejected naming its line, and nothing is written', async (t) => {
  const hub = await createTestHub(t);
  const importer = findImporter('fred-indices') as Importer | undefined;
  assert.ok(importer !== undefined);
  await assert.rejects(importFile(hub.runtime.store.db, importer, MALFORMED, options), (error: unknown) => {
    assert.ok(error instanceof ImportError);
    assert.match(error.message, /^fredgraph-malformed\.csv: line 3: index\.close:SPX "n\/a" is not a decimal number/);
    return true;
  });
  assert.equal((await hub.runtime.store.db.selectFrom('instrument_close').selectAll().execute()).length, 0);
  assert.throws(() => importer.parse('observation_date,GOLDAMGBD228NLBM\n2026-06-10,3300\n', 'x.csv'), /line 1: series "GOLDAMGBD228NLBM"/);
  // FRED's files saved before 2024: `DATE` and `.` for no value.
  assert.deepEqual(importer.parse('DATE,SP500\n2026-06-10,6012.55\n2026-06-11,.\n', 'SP500.csv'), [
    { series: 'SP500', date: '2026-06-10', close: 6012.55, where: 'SP500.csv: line 2' },
  ]);
});
