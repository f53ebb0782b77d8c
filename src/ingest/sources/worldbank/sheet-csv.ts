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

/**
 * A cell's text on one line: each line break, with the white space around it, becomes one space.
 * Split and trimmed rather than matched by `\s*[\r\n]+\s*`, whose backtracking is quadratic on a
 * long run of spaces (a cell of 40,000 spaces took half a second, one of a million minutes).
 */
function flat(text: string): string {
  if (!text.includes('\n') && !text.includes('\r')) return text;
  const pieces = text.split(/[\r\n]/);
  const last = pieces.length - 1;
  return pieces
    .map((piece, index) => (index === 0 ? piece.trimEnd() : index === last ? piece.trimStart() : piece.trim()))
    .filter((piece, index) => piece !== '' || index === 0 || index === last)
    .join(' ');
}

const csvCell = (text: string) => {
  const line = flat(text);
  return /[",]/.test(line) ? `"${line.replaceAll('"', '""')}"` : line;
};

/**
 * One sheet of an .xlsx workbook as CSV text, row by row from row 1 (an empty row stays an empty
 * line, so line N is the sheet's row N), each row as wide as the sheet's widest. A line break
 * inside a cell becomes a space. Throws an ImportError naming the file when the bytes are not a
 * workbook or it has no such sheet.
 */
export async function sheetAsCsv(workbookBytes: Buffer, sheetName: string, fileName: string): Promise<string> {
  return `${(await sheetTexts(workbookBytes, sheetName, fileName)).map((texts) => texts.map(csvCell).join(',')).join('\n')}\n`;
}

/**
 * One sheet as rows of cell texts, each on one line and trimmed, as a CSV reader reads
 * `sheetAsCsv`'s lines back: row N of the sheet is element N-1, each as wide as the sheet's widest.
 */
export async function sheetRows(workbookBytes: Buffer, sheetName: string, fileName: string): Promise<string[][]> {
  return (await sheetTexts(workbookBytes, sheetName, fileName)).map((texts) => texts.map((text) => flat(text).trim()));
}

async function sheetTexts(workbookBytes: Buffer, sheetName: string, fileName: string): Promise<string[][]> {
  const workbook = await loadWorkbook(workbookBytes, fileName);
  const sheet = workbook.getWorksheet(sheetName);
  if (sheet === undefined) {
    throw new ImportError(`${fileName}: no sheet "${sheetName}" (it has ${workbook.worksheets.map((s) => `"${s.name}"`).join(', ') || 'none'})`);
  }
  // The span of the values, not rowCount × columnCount (formatted empty cells count there).
  const { rows: height, columns: width } = sheetExtent(sheet);
  const rows: string[][] = [];
  for (let row = 1; row <= height; row++) {
    const cells = sheet.getRow(row);
    const texts: string[] = [];
    for (let column = 1; column <= width; column++)
      texts.push(cellText(cells.getCell(column).value, `${fileName}: ${sheetName}!${cells.getCell(column).address}`));
    rows.push(texts);
  }
  return rows;
}
