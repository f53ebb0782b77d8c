import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDemoGenerators, type DemoGenerator } from '../../src/ingest/demo/framework.ts';
import { equitiesDemoGenerator } from '../../src/ingest/demo/equities.ts';
import { DEMO_SOURCE } from '../../src/ingest/demo/equities/prices.ts';
import { etfDemoGenerator } from '../../src/ingest/demo/etf.ts';
import { ETF_DEMO_SOURCE } from '../../src/ingest/demo/etf/catalogue.ts';
import { INSTRUMENTS_DEMO_SOURCE, instrumentsDemoGenerator } from '../../src/ingest/demo/instruments.ts';
import { findImporter } from '../../src/ingest/importers/index.ts';
import { importFile } from '../../src/ingest/source.ts';
import { createTestHub, type TestHub } from '../helpers/app.ts';

const UNTIL = '2026-06-19';
const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

async function load(hub: TestHub, dataset: string, file: string): Promise<void> {
  const importer = findImporter(dataset);
  assert.ok(importer !== undefined, dataset);
  const at = new Date(`${UNTIL}T00:00:00Z`);
  const result = await importFile(hub.runtime.store.db, importer, file, { knowledgeAt: at, loadedAt: at });
  assert.equal(result.status, 'loaded', dataset);
}

const seed = (hub: TestHub, ...generators: DemoGenerator[]) => runDemoGenerators(hub.runtime.store.db, generators, { until: UNTIL, scale: 'small' });

/** The J-Quants fixtures rewritten for the demo's 7203 on days the demo also generates. */
function quotesFor7203(hub: TestHub): { quotes: string; listed: string } {
  const rewrite = (name: string) => {
    const path = join(hub.dataDir, name);
    writeFileSync(
      path,
      readFileSync(fixture(`equities/${name}`), 'utf8')
        .replaceAll('"86970"', '"72030"')
        .replaceAll('2024-03-', '2026-03-'),
    );
    return path;
  };
  return { quotes: rewrite('daily_quotes.json'), listed: rewrite('listed_info.json') };
}

test('seeding the equities demo after a J-Quants import fills around the imported issue and bars', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const files = quotesFor7203(hub);
  await load(hub, 'jquants-listed-info', files.listed);
  await load(hub, 'jquants-daily-quotes', files.quotes);
  const imported = await db.selectFrom('equity_bar').selectAll().where('code', '=', '72030').orderBy('date').execute();
  assert.ok(imported.length > 0);

  await seed(hub, equitiesDemoGenerator);
  const issue = await db.selectFrom('equity_issue').selectAll().where('code', '=', '72030').executeTakeFirstOrThrow();
  assert.notEqual(issue.source, DEMO_SOURCE, 'the imported issue wins');
  for (const bar of imported) {
    assert.deepEqual(await db.selectFrom('equity_bar').selectAll().where('code', '=', bar.code).where('date', '=', bar.date).executeTakeFirstOrThrow(), bar);
  }
  const bars = await db.selectFrom('equity_bar').select(['date', 'source']).where('code', '=', '72030').execute();
  assert.ok(bars.filter((bar) => bar.source === DEMO_SOURCE).length > 1000, 'the demo fills the other days');
});

test('seeding the equities demo again after a J-Quants import over it keeps the imported bars', async (t) => {
  const hub = await createTestHub(t);
  const files = quotesFor7203(hub);
  await seed(hub, equitiesDemoGenerator);
  await load(hub, 'jquants-listed-info', files.listed);
  await load(hub, 'jquants-daily-quotes', files.quotes);
  const imported = await hub.runtime.store.db.selectFrom('equity_bar').selectAll().where('code', '=', '72030').where('source', '!=', DEMO_SOURCE).execute();
  await seed(hub, equitiesDemoGenerator);
  const kept = await hub.runtime.store.db.selectFrom('equity_bar').selectAll().where('code', '=', '72030').where('source', '!=', DEMO_SOURCE).execute();
  assert.ok(imported.length > 0);
  assert.deepEqual(kept, imported);
});

test('seeding the ETF demo after a JPX PCF import keeps the imported NAV and holdings and fills the other days', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await load(hub, 'jpx-etf-pcf', fixture('etf/1306-pcf.csv'));
  const importedNav = await db.selectFrom('etf_nav').selectAll().where('fund_code', '=', '1306').executeTakeFirstOrThrow();
  const importedHoldings = await db.selectFrom('etf_holding').selectAll().where('fund_code', '=', '1306').orderBy('id').execute();

  await seed(hub, instrumentsDemoGenerator, etfDemoGenerator);
  assert.deepEqual(
    await db.selectFrom('etf_nav').selectAll().where('fund_code', '=', '1306').where('date', '=', importedNav.date).executeTakeFirstOrThrow(),
    importedNav,
  );
  assert.deepEqual(
    await db.selectFrom('etf_holding').selectAll().where('fund_code', '=', '1306').where('fund_date', '=', importedNav.date).orderBy('id').execute(),
    importedHoldings,
  );
  const demoNavs = await db.selectFrom('etf_nav').select('date').where('fund_code', '=', '1306').where('source', '=', ETF_DEMO_SOURCE).execute();
  assert.ok(demoNavs.length > 1000, 'the demo fills the other days');
});

test('seeding the ETF demo again after a PCF import over it does not reuse the imported holdings’ ids', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await seed(hub, instrumentsDemoGenerator, etfDemoGenerator);
  // The importer numbers its holdings after the demo's.
  await load(hub, 'jpx-etf-pcf', fixture('etf/1306-pcf.csv'));
  const imported = await db.selectFrom('etf_holding').selectAll().where('source', '!=', ETF_DEMO_SOURCE).orderBy('id').execute();
  await seed(hub, instrumentsDemoGenerator, etfDemoGenerator);
  assert.ok(imported.length > 0);
  assert.deepEqual(await db.selectFrom('etf_holding').selectAll().where('source', '!=', ETF_DEMO_SOURCE).orderBy('id').execute(), imported);
});

test('seeding the instruments demo after a commodity import keeps the imported closes and leaves the file’s missing days empty', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await load(hub, 'commodity-prices-csv', fixture('commodities/commodity-prices.csv'));
  const importedCloses = () =>
    db
      .selectFrom('instrument_close')
      .select(['instrument', 'date', 'close'])
      .where('source', '!=', INSTRUMENTS_DEMO_SOURCE)
      .orderBy('instrument')
      .orderBy('date')
      .execute();
  const imported = await importedCloses();

  for (let round = 0; round < 2; round += 1) {
    await seed(hub, instrumentsDemoGenerator);
    assert.deepEqual(await importedCloses(), imported);
    // The file has no WTI close on 2026-06-18: a day the publisher left out stays empty.
    const wti = await db
      .selectFrom('instrument_close')
      .select('date')
      .where('instrument', '=', 'commodity:wti-crude')
      .where('date', '>=', '2026-06-15')
      .execute();
    assert.deepEqual(wti.map((row) => row.date).sort(), ['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-19']);
    const demoBefore = await db
      .selectFrom('instrument_close')
      .select('date')
      .where('instrument', '=', 'commodity:wti-crude')
      .where('source', '=', INSTRUMENTS_DEMO_SOURCE)
      .execute();
    assert.ok(demoBefore.length > 1000, 'the demo fills the days before the file');
  }
});
