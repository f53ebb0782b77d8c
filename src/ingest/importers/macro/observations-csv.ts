import { ImportError, type LineImporter } from '../../source.ts';
import type { ObservationInput } from '../../../store/vintage.ts';
import { loadObservations, type NumberedObservation } from '../../observation-batches.ts';
import { csvCells } from '../../csv.ts';
import { calendarPeriod } from '../../calendar-dates.ts';
import { macroFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

const SERIES = /^[a-z0-9][a-z0-9./_-]*$/i;

/**
 * The canonical observation file for any macro series: a `series,period,value[,marker]` heading,
 * then one figure per line, a decimal (an exponent allowed) held to the figure rules of its
 * series. An empty value is a published missing figure (null, never 0).
 */
/** Exchange rates, index and commodity levels live in the instruments' series store, not the macro store. */
const INSTRUMENT_SERIES = /^(fx\.|[a-z]{2}\.(index|commodity)\.)/;

function observationOf(cells: string[], line: number, fileName: string): ObservationInput {
  const [series = '', period = '', value = '', marker = ''] = cells;
  if (!SERIES.test(series)) throw new ImportError(`${fileName}:${line}: "${series}" is not a series key`);
  if (INSTRUMENT_SERIES.test(series)) {
    throw new ImportError(
      `${fileName}:${line}: "${series}" is an instrument level; load exchange rates, indices and commodities with ecb-eurofxref, fred-indices or commodity-prices-csv`,
    );
  }
  if (calendarPeriod(period) === undefined) {
    throw new ImportError(`${fileName}:${line}: period "${period}" is not a calendar period (YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD)`);
  }
  const figure = value === '' ? null : publisherFigure(value, macroFact(series), `${fileName}:${line}`, { exponent: true });
  return { series, period, value: figure, marker: marker === '' ? null : marker };
}

export const observationsCsvImporter: LineImporter<NumberedObservation> = {
  dataset: 'macro-observations',
  datasets: ['macro'],
  description: 'Canonical macro observation CSV (series,period,value[,marker])',
  source: 'Imported observation file',
  async *records(lines, fileName) {
    let names: string[] | undefined;
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
      yield { line, row: observationOf(cells, line, fileName) };
      count++;
    }
    if (names === undefined) throw new ImportError(`${fileName}:1: the heading must be series,period,value[,marker]`);
    if (count === 0) throw new ImportError(`${fileName}: no observations after the heading`);
  },
  load: loadObservations,
};
