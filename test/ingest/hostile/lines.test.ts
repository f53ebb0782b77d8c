import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileLines } from '../../../src/ingest/file-lines.ts';
import { parseEurofxref } from '../../../src/ingest/importers/fx/ecb-eurofxref.ts';
import { zipEntry } from '../../../src/ingest/sources/zip-entry.ts';
import { worldbankPinkSheetImporter } from '../../../src/ingest/importers/commodities/worldbank-pinksheet.ts';
import { commodityPricesCsvImporter } from '../../../src/ingest/importers/commodities/commodity-prices-csv.ts';
import { fredIndicesImporter } from '../../../src/ingest/importers/indices/fred-indices.ts';
import { jpxPcfImporter } from '../../../src/ingest/importers/etf/jpx-pcf.ts';
import { assertMemoryBounded, buildZip, deflated, refusedWith, withEnv } from './payloads.ts';

/** Three million short lines of the ECB's layout, each rate different so that it deflates like real data. */
function threeMillionRows(): string {
  const lines = ['Date,USD,'];
  for (let i = 0; i < 3_000_000; i++) lines.push(`2000-01-01,${(1 + (i % 99_991) / 100_000).toFixed(5)},`);
  return lines.join('\n');
}

test('a zipped CSV of three million rows is refused naming FDH_SYNC_MAX_ROWS, before a record is built', async () => {
  const zip = buildZip([deflated('eurofxref-hist.csv', threeMillionRows())]);
  assert.ok(zip.length < 16 * 1024 * 1024, `the zip is ${zip.length} bytes`);
  const content = zipEntry(zip, 'eurofxref-hist.csv').toString('utf8');
  await refusedWith(() => parseEurofxref(content, 'eurofxref-hist.csv'), /^line 2000001: more than 2,000,000 lines \(FDH_SYNC_MAX_ROWS\)$/);
  assertMemoryBounded();
});

test('the rates a CSV gives are bounded too: a row per day of many currencies', async (t) => {
  withEnv(t, { FDH_SYNC_MAX_ROWS: '100' });
  const currencies = ['USD', 'JPY', 'GBP'];
  const rows = Array.from({ length: 50 }, (_, i) => `${new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10)},1.1,150.2,0.85,`);
  await refusedWith(
    () => parseEurofxref([`Date,${currencies.join(',')},`, ...rows].join('\n'), 'eurofxref-hist.csv'),
    /more than 100 rates \(FDH_SYNC_MAX_ROWS\)/,
  );
});

test('a payload of one endless line is refused naming FDH_SYNC_MAX_LINE_KB', async () => {
  await refusedWith(
    () => parseEurofxref(`Date,USD,\n2000-01-01,${'9'.repeat(2 * 1024 * 1024)}`, 'eurofxref-hist.csv'),
    /^line 2: the line is longer than 1048576 characters \(FDH_SYNC_MAX_LINE_KB\)$/,
  );
});

test('a streamed file of more lines than FDH_SYNC_MAX_ROWS stops there; one endless line at FDH_SYNC_MAX_LINE_KB', async (t) => {
  // A tenth of the default limit and of the hostile file, to keep the test short: the same code path.
  withEnv(t, { FDH_SYNC_MAX_ROWS: '200000' });
  const dir = mkdtempSync(join(tmpdir(), 'fdh-hostile-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const many = join(dir, 'many.csv');
  writeFileSync(many, '1\n'.repeat(300_000));
  let read = 0;
  await refusedWith(async () => {
    for await (const line of fileLines(many)) read = line.line;
  }, /^many\.csv: more than 200,000 lines \(FDH_SYNC_MAX_ROWS\)$/);
  assert.equal(read, 200_000);
  const endless = join(dir, 'endless.csv');
  writeFileSync(endless, `a,b\n${'x'.repeat(3 * 1024 * 1024)}`);
  await refusedWith(async () => {
    for await (const line of fileLines(endless)) void line;
  }, /^endless\.csv:2: the line is longer than 1048576 characters \(FDH_SYNC_MAX_LINE_KB\)$/);
  assertMemoryBounded();
});

test('the whole-file CSV importers (Pink Sheet, FRED indices, commodity prices, JPX PCF) count their lines against FDH_SYNC_MAX_ROWS before parsing one', async (t) => {
  withEnv(t, { FDH_SYNC_MAX_ROWS: '1000' });
  const rows = `${'x,1\n'.repeat(2_000)}`;
  const importers = [worldbankPinkSheetImporter, fredIndicesImporter, commodityPricesCsvImporter, jpxPcfImporter];
  for (const importer of importers) await refusedWith(() => importer.parse(rows, `${importer.dataset}.csv`), /more than 1,000 lines \(FDH_SYNC_MAX_ROWS\)/);
});
