import type ExcelJS from 'exceljs';
import { ImportError } from '../import-error.ts';

/**
 * An .xlsx workbook a publisher serves, read whole. Bytes that are not a workbook (an HTML page
 * served with 200, a cut download) are refused naming the file. The spreadsheet library is
 * loaded on first use: it is large, and every process that merely lists the sources (a server,
 * each test file) would otherwise pay for it.
 */
export async function loadWorkbook(bytes: Buffer, fileName: string): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new ImportError(`${fileName}: not an .xlsx workbook (${(error as Error).message})`);
  }
  return workbook;
}
