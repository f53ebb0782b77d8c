import { ImportError, type LineImporter } from '../../source.ts';
import { loadObservations, type NumberedObservation } from '../../observation-batches.ts';
import { TIBOR_TENORS, tiborSeries, type TiborTenor } from '../../../domains/macro/series.ts';
import { csvCells } from '../../csv.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { macroFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/** JBA's column headings per tenor (`1WEEK`, `1MONTH`, …); the 2- and 12-month columns are not served. */
const HEADINGS: Record<string, TiborTenor> = { '1WEEK': '1w', '1W': '1w', '1MONTH': '1m', '1M': '1m', '3MONTH': '3m', '3M': '3m', '6MONTH': '6m', '6M': '6m' };
/** JBA leaves a fixing blank or writes a dash when it was not published. */
const NOT_PUBLISHED = new Set(['', '-', '—', 'N/A']);

/**
 * JBA TIBOR Administration's daily Japanese Yen TIBOR file: title lines, a `Date,1WEEK,1MONTH,…`
 * heading, then one row per business day (`2026/06/01` or `2026-06-01`, rates in percent, each
 * held to the figure rules of its series).
 * Read as a stream; a day given twice is refused naming its line (observation-batches.ts).
 */
export const tiborJbaImporter: LineImporter<NumberedObservation> = {
  dataset: 'jp-tibor-jba',
  datasets: ['macro'],
  description: 'JBA daily Japanese Yen TIBOR CSV (Date,1WEEK,1MONTH,3MONTH,6MONTH,12MONTH)',
  source: 'JBA TIBOR Administration',
  async *records(lines, fileName) {
    let columns: { index: number; tenor: TiborTenor }[] | undefined;
    let headingCells = 0;
    let count = 0;
    for await (const { line, text } of lines) {
      if (text.trim() === '') continue;
      const cells = csvCells(text);
      if (columns === undefined) {
        if ((cells[0] ?? '').toLowerCase() !== 'date') continue;
        headingCells = cells.length;
        columns = cells.flatMap((heading, index) => {
          const tenor = HEADINGS[heading.toUpperCase().replace(/\s+/g, '')];
          return tenor === undefined ? [] : [{ index, tenor }];
        });
        const missing = TIBOR_TENORS.filter((t) => !columns?.some((c) => c.tenor === t));
        if (missing.length > 0) throw new ImportError(`${fileName}:${line}: heading lacks the ${missing.join(', ')} tenor column(s)`);
        continue;
      }
      // A row cut short (a truncated download) would read its missing tenors as unpublished.
      if (cells.length < headingCells) throw new ImportError(`${fileName}:${line}: ${cells.length} cells for the heading's ${headingCells}`);
      const dateText = cells[0] ?? '';
      const date = calendarDate(dateText, 'YYYY/MM/DD') ?? calendarDate(dateText, 'YYYY-MM-DD');
      if (date === undefined) throw new ImportError(`${fileName}:${line}: date "${dateText}" is not a calendar date (YYYY/MM/DD)`);
      for (const { index, tenor } of columns) {
        const cell = cells[index] ?? '';
        if (NOT_PUBLISHED.has(cell)) {
          yield { line, row: { series: tiborSeries(tenor), period: date, value: null, marker: null } };
          continue;
        }
        const series = tiborSeries(tenor);
        yield { line, row: { series, period: date, value: publisherFigure(cell, macroFact(series), `${fileName}:${line}`), marker: null } };
      }
      count++;
    }
    if (columns === undefined) throw new ImportError(`${fileName}: no "Date,1WEEK,1MONTH,…" heading line`);
    if (count === 0) throw new ImportError(`${fileName}: no fixings after the heading`);
  },
  load: loadObservations,
};
