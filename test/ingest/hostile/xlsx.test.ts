import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { firstSheetRows } from '../../../src/ingest/sources/jpx/xlsx-rows.ts';
import { workbookSheets } from '../../../src/ingest/sources/soumu/workbook-sheets.ts';
import { sheetAsCsv } from '../../../src/ingest/sources/worldbank/sheet-csv.ts';
import { loadWorkbook } from '../../../src/ingest/sources/xlsx-workbook.ts';
import { readZipEntry, zipDirectory } from '../../../src/ingest/sources/zip-entry.ts';
import { assertMemoryBounded, buildZip, deflated, refusedWith, withEnv } from './payloads.ts';

const SHEET = 'xl/worksheets/sheet1.xml';

/** A real workbook of a few cells made by exceljs, its first sheet's XML then changed by `patch`. */
async function workbook(patch: (xml: string) => string, cells = 3): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(['Date', 'Value']);
  // A second cell format (s="1") for the formatted empty cells below.
  sheet.getCell('A1').font = { bold: true };
  for (let i = 1; i < cells; i++) sheet.addRow([`2026-01-${String(i).padStart(2, '0')}`, i]);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  return buildZip(
    zipDirectory(bytes).map((entry) => {
      const content = readZipEntry(bytes, entry);
      return deflated(entry.name, entry.name === SHEET ? patch(content.toString('utf8')) : content);
    }),
  );
}

/**
 * The dimension of a sheet whose whole columns and rows are formatted: a formatted empty cell at
 * the end of row 1 and `lastCell` in the last row (exceljs's rowCount 1,048,576, columnCount 16,384).
 */
const sparse = (lastCell: string) => (xml: string) => {
  const patched = xml
    .replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>')
    .replace('</row>', '<c r="XFD1" s="1"/></row>')
    .replace('</sheetData>', `<row r="1048576">${lastCell}</row></sheetData>`);
  assert.ok(patched.includes('A1:XFD1048576') && patched.includes('r="XFD1"') && patched.includes('r="1048576"'), 'the sheet was patched');
  return patched;
};

// Such a workbook kept a CPU busy for over a minute: the readers went to rowCount × columnCount.
test('a sheet formatted to XFD1048576 with a few values is read by the values it holds', async () => {
  const bytes = await workbook(sparse('<c r="XFD1048576" s="1"/>'));
  const sheet = (await loadWorkbook(bytes, 'sparse.xlsx')).worksheets[0];
  // What the readers used to loop over: seventeen billion cells.
  assert.deepEqual([sheet?.rowCount, sheet?.columnCount], [1_048_576, 16_384]);
  const rows = await firstSheetRows(bytes, 'sparse.xlsx');
  assert.deepEqual(rows.rows, [
    ['Date', 'Value'],
    ['2026-01-01', '1'],
    ['2026-01-02', '2'],
  ]);
  assert.equal(await sheetAsCsv(bytes, 'Data', 'sparse.xlsx'), 'Date,Value\n2026-01-01,1\n2026-01-02,2\n');
  assert.deepEqual((await workbookSheets(bytes, 'sparse.xlsx'))[0]?.rows, [
    ['Date', 'Value'],
    ['2026-01-01', '1'],
    ['2026-01-02', '2'],
  ]);
  assertMemoryBounded();
});

test('a value at XFD1048576 makes the sheet span more cells than FDH_SYNC_MAX_SHEET_CELLS: refused', async () => {
  const bytes = await workbook(sparse('<c r="XFD1048576"><v>1</v></c>'));
  await refusedWith(
    () => loadWorkbook(bytes, 'sparse.xlsx'),
    /^sparse\.xlsx: sheet "Data" spans 1,048,576 rows × 16,384 columns of values, more than the 2,000,000 cells allowed \(FDH_SYNC_MAX_SHEET_CELLS\)$/,
  );
  assertMemoryBounded();
});

test('a sheet writing more cells than FDH_SYNC_MAX_SHEET_CELLS is refused before exceljs reads it', async (t) => {
  withEnv(t, { FDH_SYNC_MAX_SHEET_CELLS: '100' });
  const bytes = await workbook((xml) => xml, 60);
  await refusedWith(
    () => loadWorkbook(bytes, 'many.xlsx'),
    /^many\.xlsx: xl\/worksheets\/sheet1\.xml holds 120 cells, more than the 100 allowed \(FDH_SYNC_MAX_SHEET_CELLS\)$/,
  );
});

test('an xlsx part declaring more than FDH_SYNC_MAX_INFLATED_MB is refused before exceljs reads it', async () => {
  const bytes = await workbook((xml) => xml);
  const entries = zipDirectory(bytes).map((entry) => {
    const content = readZipEntry(bytes, entry);
    const built = deflated(entry.name, content);
    return entry.name === SHEET ? { ...built, size: 3 * 1024 ** 3 } : built;
  });
  await refusedWith(
    () => loadWorkbook(buildZip(entries), 'bomb.xlsx'),
    /zip entry xl\/worksheets\/sheet1\.xml declares 3 GB, more than the 256 MB allowed \(FDH_SYNC_MAX_INFLATED_MB\)/,
  );
});

// `\s*[\r\n]+\s*` backtracked quadratically here: a million spaces would have taken minutes.
test('a cell of a million spaces and a line break is flattened in linear time', async () => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Data').addRow(['Title', `a${' '.repeat(1_000_000)}\nb`]);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  assert.equal(await sheetAsCsv(bytes, 'Data', 'spaces.xlsx'), 'Title,a b\n');
});
