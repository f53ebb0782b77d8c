import { ImportError, type Importer } from '../../source.ts';
import { recordObservations, type ObservationInput } from '../../../store/vintage.ts';
import { csvCells, numberedLines } from '../../csv.ts';

const SERIES = /^[a-z0-9][a-z0-9./_-]*$/i;
const PERIOD = /^\d{4}(-Q[1-4]|-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * The canonical observation file for any macro series: a `series,period,value[,marker]` heading,
 * then one figure per line. An empty value is a published missing figure (null, never 0).
 */
export const observationsCsvImporter: Importer<ObservationInput[]> = {
  dataset: 'macro-observations',
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
      if (!PERIOD.test(period)) throw new ImportError(`${fileName}:${line}: period "${period}" is not YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD`);
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
