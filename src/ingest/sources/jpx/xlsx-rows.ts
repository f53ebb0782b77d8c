import { ImportError } from '../../import-error.ts';
import { loadWorkbook, sheetExtent } from '../xlsx-workbook.ts';

/** A cell's shown text with its runs of white space (line breaks in headers, full-width spaces) made one space. */
const compact = (text: string): string => text.replace(/[\s\u3000]+/g, ' ').trim();

/**
 * The first worksheet of an .xlsx workbook as rows of cell texts, as the sheet shows them:
 * `{ sheet: name, rows: [["", "コード", …], …] }`. An answer that
 * is not a workbook (an HTML page served with 200, a cut download) is refused here.
 */
export async function firstSheetRows(body: Buffer, fileName: string): Promise<{ sheet: string; rows: string[][] }> {
  const workbook = await loadWorkbook(body, fileName);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new ImportError(`${fileName}: the workbook has no worksheet`);
  const rows: string[][] = [];
  // The span of the values, not rowCount × columnCount (formatted empty cells count there).
  const extent = sheetExtent(sheet);
  for (let r = 1; r <= extent.rows; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= extent.columns; c++) cells.push(compact(row.getCell(c).text ?? ''));
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    rows.push(cells);
  }
  return { sheet: sheet.name, rows };
}
