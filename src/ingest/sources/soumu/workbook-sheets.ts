import { loadWorkbook } from '../xlsx-workbook.ts';

/** One worksheet as its cells' displayed text, row by row (row 1 first); an empty cell is "". */
export interface SheetText {
  name: string;
  rows: string[][];
}

/**
 * Every worksheet of an .xlsx workbook as text, in the workbook's order. Bytes that are not an
 * .xlsx workbook (an HTML page, a cut download) are refused naming the file.
 */
export async function workbookSheets(bytes: Buffer, fileName: string): Promise<SheetText[]> {
  const workbook = await loadWorkbook(bytes, fileName);
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    // The cells that hold values only: a formatted empty cell far out (a whole column) adds nothing.
    sheet.eachRow((row, number) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        cells[column - 1] = cell.text;
      });
      rows[number - 1] = Array.from(cells, (text) => text ?? '');
    });
    return { name: sheet.name, rows: Array.from(rows, (row) => row ?? []) };
  });
}
