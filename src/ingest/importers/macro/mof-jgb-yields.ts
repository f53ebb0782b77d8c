import { ImportError, type LineImporter } from '../../source.ts';
import { loadObservations, type NumberedObservation } from '../../observation-batches.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { csvCells } from '../../csv.ts';
import { roundTo } from '../../../kernel/numbers.ts';
import { countrySeries } from '../../../domains/macro/series.ts';
import { macroFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/** The tenor the hub serves; the file's other columns (1Y … 40Y) are read for their shape only. */
const TENOR = '10Y';
const BOND_10Y = countrySeries('JP', 'bond10y');
/** The MOF writes `-` for a tenor without a yield that day. */
const NO_YIELD = '-';
/** First years of the Japanese eras the MOF's Japanese files date rows in (`R6.1.4` is 2024-01-04). */
const ERA_START: Record<string, number> = { M: 1868, T: 1912, S: 1926, H: 1989, R: 2019 };

/** `2024/1/4` or the era form `R6.1.4` → `2024-01-04`; undefined when neither or no real day. */
export function jgbDate(text: string): string | undefined {
  const western = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(text);
  const era = /^([MTSHR])(\d{1,2})\.(\d{1,2})\.(\d{1,2})$/.exec(text);
  const parts =
    western !== null
      ? [Number(western[1]), western[2], western[3]]
      : era !== null
        ? [(ERA_START[era[1] ?? ''] ?? 0) + Number(era[2]) - 1, era[3], era[4]]
        : undefined;
  if (parts === undefined) return undefined;
  const [year, month, day] = parts;
  return calendarDate(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

/** A row that starts like a date (a digit, or an era letter and a digit) must be one. */
const LOOKS_LIKE_DATE = /^(\d|[MTSHR]\d)/;

/** The monthly average of the 10-year yields of a month's days, to the MOF's three decimals. */
const monthlyMean = (yields: readonly number[]): number => roundTo(yields.reduce((sum, y) => sum + y, 0) / yields.length, 3);

/**
 * The Ministry of Finance's "Interest Rate" file of JGB constant-maturity yields
 * (`jgbcme.csv`, the current month, and `historical/jgbcme_all.csv`, from 1974): a title line
 * (`Interest Rate,,…,(Unit : %)`), the heading `Date,1Y,2Y,…,10Y,…,40Y`, then one row per
 * business day (`2024/10/31` or the era form `R6.10.31`), yields in percent (each held to the
 * figure rules of jp.bond-10y), `-` for none; a note may follow the rows. Served as the monthly average of the days' 10-year yields
 * (jp.bond-10y, YYYY-MM), the one place that figure is computed; a month of only `-` is left out.
 */
export const mofJgbYieldsImporter: LineImporter<NumberedObservation> = {
  dataset: 'mof-jgb-yields',
  datasets: ['macro'],
  description: 'Ministry of Finance JGB constant-maturity yields CSV (jgbcme.csv / jgbcme_all.csv) → monthly average 10-year yield',
  source: 'Ministry of Finance Japan, JGB interest rates',
  async *records(lines, fileName) {
    let headingCells = 0;
    let column = -1;
    let month: { period: string; yields: number[]; line: number } | undefined;
    let lastDate = '';
    let days = 0;
    let notesFrom: number | undefined;
    const close = (): NumberedObservation | undefined =>
      month === undefined || month.yields.length === 0
        ? undefined
        : { line: month.line, row: { series: BOND_10Y, period: month.period, value: monthlyMean(month.yields), marker: null } };
    for await (const { line, text } of lines) {
      if (text.trim() === '' || /^,*$/.test(text.trim())) continue;
      const cells = csvCells(text).map((cell) => cell.trim());
      if (headingCells === 0) {
        if (cells[0] !== 'Date') continue;
        column = cells.indexOf(TENOR);
        if (column < 0) throw new ImportError(`${fileName}:${line}: the heading has no ${TENOR} column (${cells.join(',')})`);
        headingCells = cells.length;
        continue;
      }
      const first = cells[0] ?? '';
      if (!LOOKS_LIKE_DATE.test(first)) {
        // A note under the rows; a row before any day is a changed layout.
        if (days === 0) throw new ImportError(`${fileName}:${line}: "${first}" is not a date (YYYY/M/D)`);
        notesFrom ??= line;
        continue;
      }
      if (notesFrom !== undefined) throw new ImportError(`${fileName}:${line}: a day after the note of line ${notesFrom}`);
      const date = jgbDate(first);
      if (date === undefined) throw new ImportError(`${fileName}:${line}: date "${first}" is not a calendar date (YYYY/M/D)`);
      if (date <= lastDate) throw new ImportError(`${fileName}:${line}: ${date} does not follow ${lastDate}`);
      // A row cut short (a truncated download) would lose its last tenors.
      if (cells.length !== headingCells) throw new ImportError(`${fileName}:${line}: ${cells.length} cells for the heading's ${headingCells}`);
      lastDate = date;
      days++;
      const cell = cells[column] ?? '';
      const yieldOfDay = cell === NO_YIELD ? undefined : publisherFigure(cell, macroFact(BOND_10Y), `${fileName}:${line}: ${TENOR}`);
      const period = date.slice(0, 7);
      if (month?.period !== period) {
        const done = close();
        if (done !== undefined) yield done;
        month = { period, yields: [], line };
      }
      month.line = line;
      if (yieldOfDay !== undefined) month.yields.push(yieldOfDay);
    }
    if (headingCells === 0) throw new ImportError(`${fileName}: no "Date,1Y,2Y,…,${TENOR},…" heading line`);
    if (days === 0) throw new ImportError(`${fileName}: no days after the heading`);
    const done = close();
    if (done !== undefined) yield done;
  },
  load: loadObservations,
};
