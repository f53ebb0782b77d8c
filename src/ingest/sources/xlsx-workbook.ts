import type ExcelJS from 'exceljs';
import { Parser } from 'htmlparser2';
import { ImportError } from '../import-error.ts';
import { byteSize, count, LIMIT_SETTINGS, payloadLimits, type PayloadLimits } from '../limits.ts';
import { checkZipEntry, readZipEntry, zipDirectory } from './zip-entry.ts';

/** A worksheet part of an .xlsx package (`xl/worksheets/sheet1.xml`). */
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;

/** The `<c>` elements of a worksheet's XML, counted by htmlparser2's XML mode (prefixed or not). */
function writtenCells(xml: string): number {
  let cells = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'c' || name.endsWith(':c')) cells++;
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(xml);
  parser.end();
  return cells;
}

/**
 * What the workbook will cost to read, checked from its zip before the spreadsheet library reads
 * it: each part's declared size and ratio (zip-entry.ts), all parts together at most
 * FDH_SYNC_MAX_INFLATED_MB, and each worksheet at most FDH_SYNC_MAX_SHEET_CELLS cells written.
 */
function checkPackage(bytes: Buffer, fileName: string, limits: PayloadLimits): void {
  let entries: ReturnType<typeof zipDirectory>;
  try {
    entries = zipDirectory(bytes);
  } catch (error) {
    throw new ImportError(`${fileName}: not an .xlsx workbook (${(error as Error).message})`);
  }
  let total = 0;
  for (const entry of entries) {
    checkZipEntry(entry, limits);
    total += entry.size;
  }
  if (total > limits.maxInflatedBytes) {
    throw new ImportError(
      `${fileName}: the workbook's parts declare ${byteSize(total)}, more than the ${byteSize(limits.maxInflatedBytes)} allowed (${LIMIT_SETTINGS.maxInflatedBytes.name})`,
    );
  }
  for (const entry of entries.filter((e) => WORKSHEET_PART.test(e.name))) {
    const cells = writtenCells(readZipEntry(bytes, entry, limits).toString('utf8'));
    if (cells > limits.maxSheetCells) {
      throw new ImportError(
        `${fileName}: ${entry.name} holds ${count(cells)} cells, more than the ${count(limits.maxSheetCells)} allowed (${LIMIT_SETTINGS.maxSheetCells.name})`,
      );
    }
  }
}

/** The rows and columns a worksheet's values span from A1: cells that are only formatted (whole columns, often) do not count. */
export interface SheetExtent {
  rows: number;
  columns: number;
}

/**
 * The extent of a sheet's values, found by visiting the cells that exist (never by the declared
 * dimension or exceljs's `rowCount` × `columnCount`, which a formatted cell at XFD1048576 makes
 * seventeen billion). Read a sheet through it: `getRow(r)` for r up to `rows`, `getCell(c)` for
 * c up to `columns`.
 */
export function sheetExtent(sheet: ExcelJS.Worksheet): SheetExtent {
  let rows = 0;
  let columns = 0;
  sheet.eachRow((row, number) => {
    row.eachCell({ includeEmpty: false }, (_cell, column) => {
      rows = Math.max(rows, number);
      columns = Math.max(columns, column);
    });
  });
  return { rows, columns };
}

/**
 * An .xlsx workbook a publisher serves, read whole once its cost is checked (`checkPackage`),
 * each worksheet's values spanning at most FDH_SYNC_MAX_SHEET_CELLS rows × columns. Bytes that
 * are not a workbook (an HTML page served with 200, a cut download) are refused naming the file.
 * The spreadsheet library is loaded on first use: it is large, and every process that merely
 * lists the sources (a server, each test file) would otherwise pay for it.
 */
export async function loadWorkbook(bytes: Buffer, fileName: string): Promise<ExcelJS.Workbook> {
  const limits = payloadLimits();
  checkPackage(bytes, fileName, limits);
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new ImportError(`${fileName}: not an .xlsx workbook (${(error as Error).message})`);
  }
  for (const sheet of workbook.worksheets) {
    const { rows, columns } = sheetExtent(sheet);
    if (rows * columns > limits.maxSheetCells) {
      throw new ImportError(
        `${fileName}: sheet "${sheet.name}" spans ${count(rows)} rows × ${count(columns)} columns of values, more than the ${count(limits.maxSheetCells)} cells allowed (${LIMIT_SETTINGS.maxSheetCells.name})`,
      );
    }
  }
  return workbook;
}
