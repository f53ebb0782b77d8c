import { ImportError, type LineImporter } from '../../source.ts';
import { loadObservations, type NumberedObservation } from '../../observation-batches.ts';
import { countrySeries } from '../../../domains/macro/series.ts';
import { csvCells } from '../../csv.ts';
import { addQuarters, quarterLabel } from '../../../kernel/dates.ts';
import { macroFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/** The file's first cell names the table: the seasonally adjusted levels, real or nominal. */
const TABLES: Record<string, string> = {
  実質季節調整系列: countrySeries('JP', 'gdpReal'),
  名目季節調整系列: countrySeries('JP', 'gdpNominal'),
};
const GDP_HEADING = '国内総生産(支出側)';
/** `1994/ 1- 3.` opens a year; `4- 6.`, `7- 9.`, `10-12.` follow within it. */
const QUARTER_ROW = /^(?:(\d{4})\/)?\s*(\d{1,2})-\s*(\d{1,2})\.$/;
const QUARTER_OF: Record<string, number> = { '1-3': 1, '4-6': 2, '7-9': 3, '10-12': 4 };

/**
 * The Cabinet Office's (ESRI) quarterly GDP release CSV of seasonally adjusted levels,
 * `gaku-jk<release>.csv` (real, chained yen) and `gaku-mk<release>.csv` (nominal): a Japanese
 * title line naming the table and its unit (10億円, billion yen), an English one, five heading
 * lines, then one row per quarter from 1994, GDP (expenditure approach) in the second column
 * (thousands grouped with commas, held to the figure rules of the series), then footnotes (`＊…`), which must be there: a file without them was cut short. The
 * publisher's Shift_JIS arrives here as UTF-8 (the source decodes it). The quarters must
 * follow one another: a gap or a repeat means the layout changed.
 */
export const caoGdpCsvImporter: LineImporter<NumberedObservation> = {
  dataset: 'cao-gdp-csv',
  datasets: ['macro'],
  description: 'Cabinet Office (ESRI) quarterly GDP release CSV, seasonally adjusted levels (gaku-jk*.csv real, gaku-mk*.csv nominal)',
  source: 'Cabinet Office, ESRI: Quarterly Estimates of GDP',
  async *records(lines, fileName) {
    let series: string | undefined;
    let gdpColumn: number | undefined;
    let previous: string | undefined;
    let year: number | undefined;
    let count = 0;
    let footnotes = false;
    for await (const { line, text } of lines) {
      if (text.trim() === '') continue;
      const cells = csvCells(text);
      const first = cells[0] ?? '';
      if (series === undefined) {
        series = TABLES[first];
        if (series === undefined)
          throw new ImportError(
            `${fileName}:${line}: "${first}" is not the title of a seasonally adjusted GDP level table (${Object.keys(TABLES).join(' or ')})`,
          );
        if (!cells.some((cell) => cell.includes('10億円')))
          throw new ImportError(`${fileName}:${line}: the title line does not give the unit 10億円 (billion yen)`);
        continue;
      }
      if (gdpColumn === undefined) {
        const index = cells.indexOf(GDP_HEADING);
        if (index > 0) gdpColumn = index;
        else if (QUARTER_ROW.test(first)) throw new ImportError(`${fileName}:${line}: quarters before a "${GDP_HEADING}" heading`);
        continue;
      }
      const quarterRow = QUARTER_ROW.exec(first);
      if (quarterRow === null) {
        // The heading's further lines (their first cell is blank), then the footnotes after the quarters.
        if (count === 0 && first === '') continue;
        if (count > 0 && first.startsWith('＊')) {
          footnotes = true;
          break;
        }
        throw new ImportError(`${fileName}:${line}: "${first}" is not a quarter such as "1994/ 1- 3." or "4- 6."`);
      }
      const [, opensYear, from = '', to = ''] = quarterRow;
      if (opensYear !== undefined) year = Number(opensYear);
      const quarter = QUARTER_OF[`${Number(from)}-${Number(to)}`];
      if (year === undefined || quarter === undefined) throw new ImportError(`${fileName}:${line}: "${first}" is not a calendar quarter of a known year`);
      const period = quarterLabel(year * 4 + quarter - 1);
      if (previous !== undefined && period !== addQuarters(previous, 1)) throw new ImportError(`${fileName}:${line}: ${period} does not follow ${previous}`);
      previous = period;
      const cell = cells[gdpColumn] ?? '';
      yield {
        line,
        row: { series, period, value: cell === '' ? null : publisherFigure(cell, macroFact(series), `${fileName}:${line}`, { grouping: true }), marker: null },
      };
      count++;
    }
    if (count === 0) throw new ImportError(`${fileName}: no quarters after the headings`);
    // The publisher's file always ends with its footnotes: without them it was cut short.
    if (!footnotes) throw new ImportError(`${fileName}: the file ends after ${previous} without the footnotes (＊…) that close the table; cut short?`);
  },
  load: loadObservations,
};
