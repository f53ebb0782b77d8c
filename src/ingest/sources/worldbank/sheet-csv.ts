import type ExcelJS from 'exceljs';
import { ImportError } from '../../import-error.ts';
import { loadWorkbook, sheetExtent } from '../xlsx-workbook.ts';

type CellValue = ExcelJS.CellValue;

/** What a cell shows, as text: numbers in JavaScript's shortest form, a formula's result, rich text joined. */
function cellText(value: CellValue, where: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) throw new ImportError(`${where}: the cell holds the spreadsheet error ${value.error}`);
  if ('result' in value) return cellText(value.result as CellValue, where);
  if ('text' in value) return String(value.text);
  return '';
}

const csvCell = (text: string) => {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  return /[",]/.test(flat) ? `"${flat.replaceAll('"', '""')}"` : flat;
};

/**
 * One sheet of an .xlsx workbook as CSV text, row by row from row 1 (an empty row stays an empty
 * line, so line N is the sheet's row N), each row as wide as the sheet's widest. A line break
 * inside a cell becomes a space. Throws an ImportError naming the file when the bytes are not a
 * workbook or it has no such sheet.
 */
export async function sheetAsCsv(workbookBytes: Buffer, sheetName: string, fileName: string): Promise<string> {
  const workbook = await loadWorkbook(workbookBytes, fileName);
  const sheet = workbook.getWorksheet(sheetName);
  if (sheet === undefined) {
    throw new ImportError(`${fileName}: no sheet "${sheetName}" (it has ${workbook.worksheets.map((s) => `"${s.name}"`).join(', ') || 'none'})`);
  }
  // The span of the values, not rowCount × columnCount (formatted empty cells count there).
  const { rows: height, columns: width } = sheetExtent(sheet);
  const lines: string[] = [];
  for (let row = 1; row <= height; row++) {
    const cells = sheet.getRow(row);
    const texts: string[] = [];
    for (let column = 1; column <= width; column++) texts.push(csvCell(cellText(cells.getCell(column).value, `${fileName}: ${sheetName}!${cells.getCell(column).address}`)));
    lines.push(texts.join(','));
  }
  return `${lines.join('\n')}\n`;
}
