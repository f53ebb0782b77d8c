import { Parser } from 'htmlparser2';
import { ImportError } from '../../import-error.ts';
import { payloadLimits, LIMIT_SETTINGS } from '../../limits.ts';

/** A cell's text with its runs of white space (line breaks, full-width spaces) made one space. */
const compact = (text: string): string => text.replace(/[\s\u3000]+/g, ' ').trim();

/**
 * The tables of an HTML page as rows of cell texts (`th` and `td` alike), read by htmlparser2:
 * `[[["コード", "銘柄名", …], ["1306", …]], …]`, one entry per `table`, a nested table's rows in
 * its own entry. Scripts and styles are left out. Rows and cells are bounded by
 * FDH_SYNC_MAX_ROWS and one cell's text by FDH_SYNC_MAX_LINE_KB.
 */
export function htmlTables(html: string, fileName: string): string[][][] {
  const limits = payloadLimits();
  const tables: string[][][] = [];
  const open: string[][][] = [];
  let row: string[] | undefined;
  let cell: string[] | undefined;
  let cellChars = 0;
  let cells = 0;
  let hidden = 0;
  const closeCell = () => {
    if (cell !== undefined && row !== undefined) row.push(compact(cell.join('')));
    cell = undefined;
  };
  const closeRow = () => {
    closeCell();
    const table = open.at(-1);
    if (row !== undefined && table !== undefined) table.push(row);
    row = undefined;
  };
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'script' || name === 'style') hidden++;
        else if (name === 'table') {
          closeRow();
          const table: string[][] = [];
          tables.push(table);
          open.push(table);
        } else if (name === 'tr') {
          closeRow();
          row = [];
        } else if ((name === 'td' || name === 'th') && row !== undefined) {
          closeCell();
          if (++cells > limits.maxRows) throw new ImportError(`${fileName}: more than ${limits.maxRows} table cells (${LIMIT_SETTINGS.maxRows.name})`);
          cell = [];
          cellChars = 0;
        } else if (name === 'br' && cell !== undefined) cell.push(' ');
      },
      onclosetag(name) {
        if ((name === 'script' || name === 'style') && hidden > 0) hidden--;
        else if (name === 'td' || name === 'th') closeCell();
        else if (name === 'tr') closeRow();
        else if (name === 'table') {
          closeRow();
          open.pop();
        }
      },
      ontext(text) {
        if (hidden > 0 || cell === undefined) return;
        cellChars += text.length;
        if (cellChars > limits.maxLineChars)
          throw new ImportError(`${fileName}: a table cell is longer than ${limits.maxLineChars} characters (${LIMIT_SETTINGS.maxLineChars.name})`);
        cell.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return tables;
}
