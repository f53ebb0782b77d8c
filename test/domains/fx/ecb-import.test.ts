import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { importFile, ImportError, type Importer } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { INSTRUMENTS_DEMO_SOURCE, instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { DOLLAR_INDEX, fxInstrument } from '../../../src/domains/instruments/instruments.catalogue.ts';
import { DOLLAR_INDEX_REPLICA_LABEL } from '../../../src/domains/fx/dollar-index-replica.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';

const FIXTURE = fileURLToPath(new URL('../../fixtures/fx/eurofxref-hist.csv', import.meta.url));
const MALFORMED = fileURLToPath(new URL('../../fixtures/fx/eurofxref-hist-malformed.csv', import.meta.url));
const options = { knowledgeAt: new Date('2026-06-19T16:00:00Z'), loadedAt: new Date('2026-06-19T16:05:00Z') };

/** The fixture's euro rates by date and currency, read independently of the importer. */
function fixtureRates(): Map<string, Map<string, string>> {
  const [header = '', ...lines] = readFileSync(FIXTURE, 'utf8').trim().split('\n');
  const currencies = header.split(',').slice(1);
  return new Map(
    lines.map((line) => {
      const cells = line.split(',');
      return [cells[0] ?? '', new Map(currencies.map((c, i) => [c, cells[i + 1] ?? '']))];
    }),
  );
}

test('ecb-eurofxref loads dollar crosses derived through the euro, skipping N/A', async (t) => {
  const hub = await createTestHub(t);
  const importer = findImporter('ecb-eurofxref') as Importer | undefined;
  assert.ok(importer !== undefined);
  const result = await importFile(hub.runtime.store.db, importer, FIXTURE, options);
  assert.equal(result.status, 'loaded');
  const db = hub.runtime.store.db;
  const stored = await db.selectFrom('instrument_close').selectAll().execute();
  assert.equal(result.rows, stored.length);
  assert.ok(
    stored.every((row) => row.instrument.startsWith('fx:') || row.instrument === DOLLAR_INDEX),
    'every row is a currency pair or the dollar-index replica',
  );
  const rates = fixtureRates();
  const get = (pair: string, date: string) => stored.find((row) => row.instrument === fxInstrument(pair) && row.date === date);
  for (const [date, euro] of rates) {
    const usd = Number(euro.get('USD'));
    assert.equal(get('EUR/USD', date)?.close, usd);
    assert.equal(get('EUR/GBP', date)?.close, Number(euro.get('GBP')), `EUR/GBP ${date} as published`);
    // A derived pair carries the five significant digits its legs carry, no more.
    const cross = (value: number) => Number(value.toPrecision(5));
    assert.equal(get('USD/JPY', date)?.close, cross(Number(euro.get('JPY')) / usd), `USD/JPY ${date}`);
    assert.equal(get('GBP/USD', date)?.close, cross(usd / Number(euro.get('GBP'))), `GBP/USD ${date}`);
    assert.equal(get('USD/IDR', date)?.close, cross(Number(euro.get('IDR')) / usd), `USD/IDR ${date}`);
    // Currencies the ECB no longer publishes (N/A) leave no row.
    assert.equal(get('USD/CYP', date), undefined);
  }
  assert.equal(get('USD/ISK', '2026-06-17'), undefined, 'a missing rate is a gap, never a zero');
  assert.ok(stored.every((row) => row.close > 0 && row.release_id === result.releaseId && [importer.source, DOLLAR_INDEX_REPLICA_LABEL].includes(row.source)));
  // June: 16:00 CEST, 14:00 UTC on the day itself, however late the file was imported.
  assert.ok(
    stored.every((row) => row.knowledge_at === `${row.date}T14:00:00.000Z`),
    'each close is known from its ECB publication',
  );

  const key = await hub.key();
  const table = (await hub.get('/openapi/v1/fx/table?pairs=USD/JPY,EUR/USD', key)).json().data;
  assert.equal(table.asOf, '2026-06-19');
  assert.equal(table.rows[0].lastPrice, get('USD/JPY', '2026-06-19')?.close);
  assert.equal(table.rows[0].sparkline10d.length, rates.size);
  assert.equal(table.rows[0].high52w, null, 'eight days of history are not a 52-week range');

  const again = await importFile(hub.runtime.store.db, importer, FIXTURE, options);
  assert.equal(again.status, 'unchanged');
  assert.equal((await db.selectFrom('instrument_close').selectAll().execute()).length, stored.length);
});

test('an imported file replaces demo rows for its pairs and dates; clearing the demo keeps the import', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const db = hub.runtime.store.db;
  const importer = findImporter('ecb-eurofxref') as Importer | undefined;
  assert.ok(importer !== undefined);
  await importFile(db, importer, FIXTURE, options);
  const june19 = await db
    .selectFrom('instrument_close')
    .selectAll()
    .where('instrument', '=', fxInstrument('EUR/USD'))
    .where('date', '=', '2026-06-19')
    .execute();
  assert.equal(june19.length, 1);
  assert.match(june19[0]?.source ?? '', /European Central Bank/);
  // Within the file's span, a pair's closes are all the file's.
  const span = await db
    .selectFrom('instrument_close')
    .select('source')
    .distinct()
    .where('instrument', '=', fxInstrument('USD/JPY'))
    .where('date', '>=', '2026-06-10')
    .execute();
  assert.deepEqual(
    span.map((row) => row.source),
    [importer.source],
  );
  // Clearing the demo removes only what the demo wrote.
  await db.transaction().execute((trx) => instrumentsDemoGenerator.clear(trx));
  const left = await db.selectFrom('instrument_close').select('source').distinct().execute();
  assert.deepEqual(left.map((row) => row.source).sort(), [importer.source, DOLLAR_INDEX_REPLICA_LABEL].sort());
});

test('a malformed file is rejected naming its line, and nothing is written', async (t) => {
  const hub = await createTestHub(t);
  const importer = findImporter('ecb-eurofxref') as Importer | undefined;
  assert.ok(importer !== undefined);
  await assert.rejects(importFile(hub.runtime.store.db, importer, MALFORMED, options), (error: unknown) => {
    assert.ok(error instanceof ImportError);
    assert.match(error.message, /^line 4:/);
    return true;
  });
  assert.equal((await hub.runtime.store.db.selectFrom('instrument_close').selectAll().execute()).length, 0);
  assert.throws(() => importer.parse('Date,USD,JPY,\n2026-06-19,1.14,abc,\n', 'x.csv'), /line 2: fx\.close:EUR\/JPY "abc" is not a decimal number/);
  assert.throws(() => importer.parse('Day,USD,\n', 'x.csv'), /line 1/);
  assert.throws(() => importer.parse('Date,USD,\n2026-02-30,1.1,\n', 'x.csv'), /line 2: date "2026-02-30" is not a calendar date/);
});

test('re-seeding the demo after an import keeps the imported rates and fills the other days', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const db = hub.runtime.store.db;
  const importer = findImporter('ecb-eurofxref') as Importer | undefined;
  assert.ok(importer !== undefined);
  const eurCloses = async () =>
    db.selectFrom('instrument_close').select(['date', 'close', 'source']).where('instrument', '=', fxInstrument('EUR/USD')).orderBy('date').execute();
  const demoBefore = (await eurCloses()).filter((row) => row.date < '2026-06-10');
  assert.ok(demoBefore.length > 0 && demoBefore.every((row) => row.source === INSTRUMENTS_DEMO_SOURCE));
  await importFile(db, importer, FIXTURE, options);
  await runDemoGenerators(db, [instrumentsDemoGenerator], { until: '2026-06-19', scale: 'small' });
  const eur = await eurCloses();
  const bySource = (source: string) => eur.filter((row) => row.source === source).length;
  assert.equal(bySource(importer.source), fixtureRates().size);
  assert.deepEqual(
    eur.filter((row) => row.date < '2026-06-10'),
    demoBefore,
    'the demo history before the file is back, as it was',
  );
  assert.equal(bySource(INSTRUMENTS_DEMO_SOURCE), demoBefore.length, 'and no demo close within the file');
  assert.equal(new Set(eur.map((row) => row.date)).size, eur.length, 'one close per day');
});
