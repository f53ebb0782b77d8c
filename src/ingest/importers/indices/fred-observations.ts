import { basename } from 'node:path';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson, withoutByteOrderMark } from '../../canonical-content.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { FRED_SERIES, fredIndicesImporter } from './fred-indices.ts';
import type { IndexCloseRecord } from './index-closes.ts';

/** FRED's JSON names no series: the file does, `SP500.json`, as FRED's own downloads are named. */
function seriesOfFile(fileName: string): string {
  const id = basename(fileName).replace(/\.json$/i, '');
  if (FRED_SERIES[id] === undefined) {
    throw new ImportError(`${fileName}: the file name must be the FRED series id, one of ${Object.keys(FRED_SERIES).map((s) => `${s}.json`).join(', ')}`);
  }
  return id;
}

/**
 * FRED's `GET /fred/series/observations?series_id=…&file_type=json` answer: an object with
 * `realtime_start`, `observation_start`, `count`, `offset`, `limit`, … and `observations`, a
 * list of `{realtime_start, realtime_end, date, value}` where `value` is a decimal string or
 * `"."` for a day without a value (a market holiday): that day is skipped, never stored as 0.
 */
export function parseFredObservations(content: string, fileName: string): IndexCloseRecord[] {
  const series = seriesOfFile(fileName);
  const code = FRED_SERIES[series] ?? '';
  let document: unknown;
  try {
    document = JSON.parse(withoutByteOrderMark(content));
  } catch (error) {
    throw new ImportError(`${fileName}: not JSON: ${(error as Error).message}`);
  }
  const observations = typeof document === 'object' && document !== null ? (document as Record<string, unknown>).observations : undefined;
  if (!Array.isArray(observations)) throw new ImportError(`${fileName}: expected FRED's object with an "observations" list`);
  const records: IndexCloseRecord[] = [];
  const seen = new Set<string>();
  observations.forEach((item: unknown, index) => {
    const where = `${fileName}: observation ${index + 1}`;
    const { date, value } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof date !== 'string' || calendarDate(date) === undefined) throw new ImportError(`${where}: date ${JSON.stringify(date)} is not a calendar date (YYYY-MM-DD)`);
    if (seen.has(date)) throw new ImportError(`${where}: ${date} appears twice`);
    seen.add(date);
    if (value === '.') return;
    const close = Number(value);
    if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value) || close <= 0) {
      throw new ImportError(`${where}: ${series} value ${JSON.stringify(value)} on ${date} is not a positive number or "."`);
    }
    records.push({ code, date, close });
  });
  return records;
}

/** The CSV importer's tables and publisher, read from the API's JSON. */
export const fredObservationsImporter: Importer<IndexCloseRecord[]> = {
  ...fredIndicesImporter,
  dataset: 'fred-observations',
  description: 'FRED API series/observations JSON of one index series, saved as SP500.json, DJIA.json, NASDAQCOM.json or NIKKEI225.json',
  canonicalForm: canonicalJson,
  parse: parseFredObservations,
  // An answer of only "." days (asked from a holiday) has nothing to write.
  load: (db, records, release) => (records.length === 0 ? Promise.resolve(0) : fredIndicesImporter.load(db, records, release)),
};
