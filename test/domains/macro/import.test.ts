import { test } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import type { FdiByRegion } from '../../../src/domains/macro/fdi.schemas.ts';
import { importFile, ImportError, isLineImporter, type AnyImporter, type Importer, type LineImporter } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { observationsCsvImporter } from '../../../src/ingest/importers/macro/observations-csv.ts';
import { tiborJbaImporter } from '../../../src/ingest/importers/macro/tibor-jba.ts';
import { macroDemoGenerator } from '../../../src/ingest/demo/macro.ts';
import { call, fixture } from './helpers.ts';

const at = (iso: string) => ({ knowledgeAt: new Date(iso), loadedAt: new Date(iso) });

/** The importer, killed after it has written its rows but before its transaction commits. */
function killedMidway(importer: AnyImporter): AnyImporter {
  const killed = (written: number) => {
    assert.ok(written > 0, 'the import wrote rows before it was killed');
    throw new Error('killed midway');
  };
  if (isLineImporter(importer)) {
    const line: LineImporter = { ...importer, load: async (db, records, release, fileName) => killed(await importer.load(db, records, release, fileName)) };
    return line;
  }
  const whole: Importer = { ...importer, load: async (db, parsed, release) => killed(await importer.load(db, parsed, release)) };
  return whole;
}

const URLS = [
  '/macro/fdi/by-region?country=jp',
  '/macro/fdi/by-region?country=jp&direction=outward&quarters=12',
  '/macro/interbank-rates/jp/tibor?period=3M',
  '/macro/indicators/gdp-growth-rate?periods=8',
  '/macro/market-recap',
];

test('an import killed inside its transaction leaves every previous answer byte-identical', async (t) => {
  const hub = await createTestHub(t, { seed: [macroDemoGenerator] });
  const key = await hub.key();
  const answers = async () => Promise.all(URLS.map(async (url) => (await hub.get(`/openapi/v1${url}`, key)).body));
  const before = await answers();
  await assert.rejects(
    importFile(hub.runtime.store.db, killedMidway(observationsCsvImporter), fixture('jp-fdi-observations.csv'), at('2026-06-18T00:00:00.000Z')),
    /killed midway/,
  );
  await assert.rejects(
    importFile(hub.runtime.store.db, killedMidway(tiborJbaImporter), fixture('jba-tibor-2026-06-corrected.csv'), at('2026-06-18T00:00:00.000Z')),
    /killed midway/,
  );
  assert.deepEqual(await answers(), before);
});

test('the canonical observation CSV loads any series; a revision wins from its knowledgeAt; the same file adds nothing', async (t) => {
  const hub = await createTestHub(t, { seed: [macroDemoGenerator] });
  const key = await hub.key();
  assert.equal(findImporter('macro-observations'), observationsCsvImporter);
  assert.equal(findImporter('jp-tibor-jba'), tiborJbaImporter);
  const db = hub.runtime.store.db;
  const first = await importFile(db, observationsCsvImporter, fixture('jp-fdi-observations.csv'), at('2026-06-18T00:00:00.000Z'));
  assert.equal(first.status, 'loaded');
  assert.ok(first.rows > 0);
  const again = await importFile(db, observationsCsvImporter, fixture('jp-fdi-observations.csv'), at('2026-06-18T06:00:00.000Z'));
  assert.deepEqual([again.status, again.rows], ['unchanged', 0]);
  const latest = await call<FdiByRegion>(hub, key, '/macro/fdi/by-region?country=jp&direction=outward&from=2026-Q1&to=2026-Q1');
  const q1 = latest.body.data.outward?.[0];
  assert.equal(q1?.total, 52000.5);
  assert.equal(q1?.values.middle_east, null);
  assert.deepEqual(q1?.markers, { middle_east: 'x' });
  assert.equal(q1?.unallocated, 52000.5 - (15000 + 19000.25 + 3500 + 3000 + 10500 + 400));
  assert.equal(latest.body.data.wasRestated, true, 'the demo had other figures for 2026-Q1');
  assert.equal(latest.body.data.knowledgeAt, '2026-06-18T00:00:00.000Z');
  const before = await call<FdiByRegion>(hub, key, '/macro/fdi/by-region?country=jp&direction=outward&from=2026-Q1&to=2026-Q1&asOf=2026-06-17');
  assert.notEqual(before.body.data.outward?.[0]?.total, 52000.5);
});

test('a malformed canonical file is rejected naming the line; nothing is written', async (t) => {
  const hub = await createTestHub(t);
  await assert.rejects(
    importFile(hub.runtime.store.db, observationsCsvImporter, fixture('observations-malformed.csv'), at('2026-06-18T00:00:00.000Z')),
    (error: unknown) => error instanceof ImportError && /:3: period "2026-Q5"/.test(error.message),
  );
  const rows = await hub.runtime.store.db.selectFrom('release').selectAll().execute();
  assert.deepEqual(rows, []);
});

test('the observation CSV is read as a stream: a problem far into the file names its line and nothing is written', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const dir = mkdtempSync(join(tmpdir(), 'fdh-stream-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const rows = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `jp.stream.s${Math.floor(i / 100)},${2000 + Math.floor((i % 100) / 12)}-${String((i % 12) + 1).padStart(2, '0')},${i},`,
    );
  const write = (name: string, lines: string[]) => {
    const file = join(dir, name);
    writeFileSync(file, `${['series,period,value,marker', ...lines].join('\n')}\n`);
    return file;
  };
  // Line 2 is the first row: row i is on line i + 2, well past the first batches written.
  const bad = rows(5000);
  bad[4321] = 'jp.stream.s43,2026-02-30,1,';
  await assert.rejects(importFile(db, observationsCsvImporter, write('bad.csv', bad), at('2026-06-18T00:00:00.000Z')), (error: unknown) => {
    assert.ok(error instanceof ImportError);
    assert.match(error.message, /^bad\.csv:4323: period "2026-02-30" is not a calendar period/);
    return true;
  });
  const twice = rows(5000);
  twice.push(twice[10] ?? '');
  await assert.rejects(importFile(db, observationsCsvImporter, write('twice.csv', twice), at('2026-06-18T00:00:00.000Z')), (error: unknown) => {
    assert.ok(error instanceof ImportError);
    assert.match(error.message, /^twice\.csv:5002: jp\.stream\.s0 2000-11 appears twice/);
    return true;
  });
  const endless = join(dir, 'endless.csv');
  writeFileSync(endless, `series,period,value,marker\n${'x'.repeat(2 * 1024 * 1024)}`);
  await assert.rejects(
    importFile(db, observationsCsvImporter, endless, at('2026-06-18T00:00:00.000Z')),
    /endless\.csv:2: the line is longer than 1048576 characters/,
  );
  assert.deepEqual(await db.selectFrom('release').selectAll().execute(), [], 'a failed import changes nothing');
  assert.deepEqual(await db.selectFrom('macro_observation').select('series').limit(1).execute(), []);

  const fine = await importFile(db, observationsCsvImporter, write('fine.csv', rows(5000)), at('2026-06-18T00:00:00.000Z'));
  assert.deepEqual([fine.status, fine.rows], ['loaded', 5000]);
});
