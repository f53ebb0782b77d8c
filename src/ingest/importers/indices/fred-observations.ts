import { basename } from 'node:path';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { fredInstrument, type FredClose } from '../../fred-series.ts';
import { closeFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';
import { fredIndicesImporter, knownFredSeries, loadFredCloses } from './fred-indices.ts';
import { Type, type Static } from 'typebox';
import { FredObservationSchema } from '../../fred-answer.ts';
import { readJsonDocument } from '../../publisher-document.ts';

/** FRED's JSON names no series: the file does, `SP500.json`, as FRED's own downloads are named. */
function seriesOfFile(fileName: string): string {
  return knownFredSeries(basename(fileName).replace(/\.json$/i, ''), `${fileName}: the file name must be the FRED series id`);
}

const ObservationsSchema = Type.Object({ observations: Type.Array(FredObservationSchema) });

/**
 * FRED's `GET /fred/series/observations?series_id=…&file_type=json` answer: an object with
 * `realtime_start`, `observation_start`, `count`, `offset`, `limit`, … and `observations`, a
 * list of `{realtime_start, realtime_end, date, value}` where `value` is a decimal string or
 * `"."` for a day without a value (a market holiday): that day is skipped, never stored as 0.
 * Each value is held to the figure rules of its fact (publisher-figures.ts): WTI's −36.98 of
 * 2020-04-20 is a commodity price, a negative index level is not.
 */
export function parseFredObservations(content: string, fileName: string): FredClose[] {
  return fredCloses(readJsonDocument(ObservationsSchema, content, fileName).observations, fileName);
}

/** The closes of FRED's `observations` (one page's, or every page's merged) of the series `fileName` names. */
export function fredCloses(observations: readonly Static<typeof FredObservationSchema>[], fileName: string): FredClose[] {
  const series = seriesOfFile(fileName);
  const fact = closeFact(fredInstrument(series) ?? '');
  const records: FredClose[] = [];
  const seen = new Set<string>();
  observations.forEach(({ date, value }, index) => {
    const where = `${fileName}: observation ${index + 1}`;
    if (calendarDate(date) === undefined) throw new ImportError(`${where}: date ${JSON.stringify(date)} is not a calendar date (YYYY-MM-DD)`);
    if (seen.has(date)) throw new ImportError(`${where}: ${date} appears twice`);
    seen.add(date);
    if (value === '.') return;
    records.push({ series, date, close: publisherFigure(value, fact, where), where });
  });
  return records;
}

/** The CSV importer's tables and publisher, read from the API's JSON. */
export const fredObservationsImporter: Importer<FredClose[]> = {
  ...fredIndicesImporter,
  dataset: 'fred-observations',
  description: 'FRED API series/observations JSON of one index or commodity series, saved as <SERIES_ID>.json (SP500.json, DCOILWTICO.json, …)',
  canonicalForm: canonicalJson,
  parse: parseFredObservations,
  // An answer of only "." days (asked from a holiday) has nothing to write.
  load: (db, records, release) => (records.length === 0 ? Promise.resolve(0) : loadFredCloses(db, records, release)),
};
