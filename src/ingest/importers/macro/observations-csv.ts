import { ImportError, type LineImporter } from '../../source.ts';
import { recordObservations, type ObservationInput } from '../../../store/vintage.ts';
import { csvCells } from '../../csv.ts';
import { calendarPeriod } from '../../calendar-dates.ts';

const SERIES = /^[a-z0-9][a-z0-9./_-]*$/i;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * The canonical observation file for any macro series: a `series,period,value[,marker]` heading,
 * then one figure per line. An empty value is a published missing figure (null, never 0).
 */
/** Exchange rates, index and commodity levels live in the instruments' series store, not the macro store. */
const INSTRUMENT_SERIES = /^(fx\.|[a-z]{2}\.(index|commodity)\.)/;

/** Rows written per statement and checked per look-up: bounds the memory of a load. */
const BATCH_ROWS = 1000;

interface NumberedObservation {
  line: number;
  row: ObservationInput;
}

function observationOf(cells: string[], line: number, fileName: string): ObservationInput {
  const [series = '', period = '', value = '', marker = ''] = cells;
  if (!SERIES.test(series)) throw new ImportError(`${fileName}:${line}: "${series}" is not a series key`);
  if (INSTRUMENT_SERIES.test(series)) {
    throw new ImportError(`${fileName}:${line}: "${series}" is an instrument level; load exchange rates, indices and commodities with ecb-eurofxref, fred-indices or commodity-prices-csv`);
  }
  if (calendarPeriod(period) === undefined) {
    throw new ImportError(`${fileName}:${line}: period "${period}" is not a calendar period (YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD)`);
  }
  if (value !== '' && !NUMBER.test(value)) throw new ImportError(`${fileName}:${line}: value "${value}" is not a number`);
  return { series, period, value: value === '' ? null : Number(value), marker: marker === '' ? null : marker };
}

/**
 * `values` without repeats, padded to BATCH_ROWS with its first value: every look-up is then
 * the same SQL text, one prepared statement, where lists of every length would fill the
 * store's statement cache with large statements (native memory growing with the file).
 */
function paddedToBatch(values: string[]): string[] {
  const distinct = [...new Set(values)];
  const padding = distinct[0] ?? '';
  while (distinct.length < BATCH_ROWS) distinct.push(padding);
  return distinct;
}

const keyOf = (row: { series: string; period: string }) => `${row.series}|${row.period}`;

export const observationsCsvImporter: LineImporter<NumberedObservation> = {
  dataset: 'macro-observations',
  datasets: ['macro'],
  description: 'Canonical macro observation CSV (series,period,value[,marker])',
  source: 'Imported observation file',
  async *rows(lines, fileName) {
    let names: string[] | undefined;
    let batch: NumberedObservation[] = [];
    let count = 0;
    for await (const { line, text } of lines) {
      if (text.trim() === '') continue;
      if (names === undefined) {
        names = csvCells(text).map((c) => c.toLowerCase());
        const hasMarker = names.length === 4 && names[3] === 'marker';
        if (names[0] !== 'series' || names[1] !== 'period' || names[2] !== 'value' || !(names.length === 3 || hasMarker)) {
          throw new ImportError(`${fileName}:${line}: the heading must be series,period,value[,marker]`);
        }
        continue;
      }
      const cells = csvCells(text);
      if (cells.length !== names.length) throw new ImportError(`${fileName}:${line}: ${cells.length} cells, expected ${names.length}`);
      batch.push({ line, row: observationOf(cells, line, fileName) });
      count++;
      if (batch.length === BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (names === undefined) throw new ImportError(`${fileName}:1: the heading must be series,period,value[,marker]`);
    if (count === 0) throw new ImportError(`${fileName}: no observations after the heading`);
    if (batch.length > 0) yield batch;
  },
  async loadBatch(db, batch, release, fileName) {
    // A figure given twice: within the batch, or already written from an earlier one (the store
    // is asked, so nothing about earlier batches is kept in memory).
    const seen = new Set<string>();
    for (const { line, row } of batch) {
      if (seen.has(keyOf(row))) throw new ImportError(`${fileName}:${line}: ${row.series} ${row.period} appears twice`);
      seen.add(keyOf(row));
    }
    const earlier = await db
      .selectFrom('macro_observation')
      .select(['series', 'period'])
      .where('release_id', '=', release.id)
      .where('series', 'in', paddedToBatch(batch.map(({ row }) => row.series)))
      .where('period', 'in', paddedToBatch(batch.map(({ row }) => row.period)))
      .execute();
    const taken = new Set(earlier.map(keyOf));
    const repeated = batch.find(({ row }) => taken.has(keyOf(row)));
    if (repeated !== undefined) throw new ImportError(`${fileName}:${repeated.line}: ${repeated.row.series} ${repeated.row.period} appears twice`);
    return recordObservations(db, release, batch.map(({ row }) => row));
  },
};
