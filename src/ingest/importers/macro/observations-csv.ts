import { ImportError, type Importer } from '../../source.ts';
import { recordObservations, type ObservationInput } from '../../../store/vintage.ts';
import { csvCells, numberedLines } from '../../csv.ts';
import { calendarPeriod } from '../../calendar-dates.ts';

const SERIES = /^[a-z0-9][a-z0-9./_-]*$/i;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * The canonical observation file for any macro series: a `series,period,value[,marker]` heading,
 * then one figure per line. An empty value is a published missing figure (null, never 0).
 */
/** Exchange rates, index and commodity levels live in the instruments' series store, not the macro store. */
const INSTRUMENT_SERIES = /^(fx\.|[a-z]{2}\.(index|commodity)\.)/;

export const observationsCsvImporter: Importer<ObservationInput[]> = {
  dataset: 'macro-observations',
  datasets: ['macro'],
  description: 'Canonical macro observation CSV (series,period,value[,marker])',
  source: 'Imported observation file',
  parse(content, fileName) {
    const lines = numberedLines(content).filter(({ text }) => text.trim() !== '');
    const heading = lines.shift();
    const names = heading === undefined ? [] : csvCells(heading.text).map((c) => c.toLowerCase());
    const hasMarker = names.length === 4 && names[3] === 'marker';
    if (names[0] !== 'series' || names[1] !== 'period' || names[2] !== 'value' || !(names.length === 3 || hasMarker)) {
      throw new ImportError(`${fileName}:${heading?.line ?? 1}: the heading must be series,period,value[,marker]`);
    }
    const seen = new Set<string>();
    const rows = lines.map(({ line, text }) => {
      const cells = csvCells(text);
      if (cells.length !== names.length) throw new ImportError(`${fileName}:${line}: ${cells.length} cells, expected ${names.length}`);
      const [series = '', period = '', value = '', marker = ''] = cells;
      if (!SERIES.test(series)) throw new ImportError(`${fileName}:${line}: "${series}" is not a series key`);
      if (INSTRUMENT_SERIES.test(series)) {
        throw new ImportError(`${fileName}:${line}: "${series}" is an instrument level; load exchange rates, indices and commodities with ecb-eurofxref, fred-indices or commodity-prices-csv`);
      }
      if (calendarPeriod(period) === undefined) {
        throw new ImportError(`${fileName}:${line}: period "${period}" is not a calendar period (YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD)`);
      }
      if (value !== '' && !NUMBER.test(value)) throw new ImportError(`${fileName}:${line}: value "${value}" is not a number`);
      const key = `${series}|${period}`;
      if (seen.has(key)) throw new ImportError(`${fileName}:${line}: ${series} ${period} appears twice`);
      seen.add(key);
      return { series, period, value: value === '' ? null : Number(value), marker: marker === '' ? null : marker };
    });
    if (rows.length === 0) throw new ImportError(`${fileName}: no observations after the heading`);
    return rows;
  },
  load(db, rows, release) {
    return recordObservations(db, release, rows);
  },
};
