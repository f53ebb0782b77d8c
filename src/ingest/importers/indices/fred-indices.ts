import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type Importer, type ReleaseInfo } from '../../source.ts';
import { csvCells } from '../../csv.ts';
import { replaceCloses } from '../../instrument-closes.ts';
import { listNewIndices } from './index-closes.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { FRED_COMMODITY_SERIES, FRED_DOLLAR_INDEX_SERIES, FRED_INDEX_SERIES, fredIndexCode, fredInstrument, type FredClose } from '../../fred-series.ts';
import { textLines } from '../../file-lines.ts';
import { closeFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

const KNOWN_SERIES = [...FRED_INDEX_SERIES, ...FRED_DOLLAR_INDEX_SERIES, ...FRED_COMMODITY_SERIES].join(', ');

/** The FRED series id a file names, refused unless the hub stores it. */
export function knownFredSeries(series: string, where: string): string {
  if (fredInstrument(series) === undefined) throw new ImportError(`${where}: series "${series}" is not a FRED series the hub stores (${KNOWN_SERIES})`);
  return series;
}

/**
 * FRED's CSV download of one or more daily or monthly series (`fredgraph.csv` or `SP500.csv`):
 * a header `observation_date,SP500,…` (`DATE,…` in files saved before 2024), then one line per
 * observation, oldest first, with an empty cell (`.` in the older files) where there is no
 * value. FRED names the series by its own ids; the hub stores them as its instruments
 * (src/ingest/fred-series.ts). Each value is held to the figure rules of its fact.
 */
export function parseFredCsv(content: string, fileName: string): FredClose[] {
  const lines = textLines(content);
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  const [dateHeader = '', ...series] = csvCells(lines[0] ?? '');
  if (!/^(observation_date|DATE)$/i.test(dateHeader) || series.length === 0) {
    throw new ImportError('line 1: expected the FRED header "observation_date,SERIES,…"');
  }
  series.forEach((id) => {
    knownFredSeries(id, 'line 1');
  });
  const facts = series.map((id) => closeFact(fredInstrument(id) ?? ''));
  const records: FredClose[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const lineNumber = i + 1;
    const [date = '', ...values] = csvCells(lines[i] ?? '');
    if (calendarDate(date) === undefined) throw new ImportError(`line ${lineNumber}: date "${date}" is not a calendar date (YYYY-MM-DD)`);
    if (seen.has(date)) throw new ImportError(`line ${lineNumber}: ${date} appears twice`);
    seen.add(date);
    if (values.length !== series.length) throw new ImportError(`line ${lineNumber}: ${values.length} values for ${series.length} series`);
    const where = `${fileName}: line ${lineNumber}`;
    values.forEach((value, column) => {
      if (value === '' || value === '.') return;
      records.push({ series: series[column] ?? '', date, close: publisherFigure(value, facts[column] ?? '', where), where });
    });
  }
  if (records.length === 0) throw new ImportError('the file holds no value');
  return records;
}

/**
 * Writes FRED values as the closes of their instruments, listing first (in `market_index`) the
 * indices among them that are not listed yet.
 */
export async function loadFredCloses(db: Transaction<Database>, records: readonly FredClose[], release: ReleaseInfo): Promise<number> {
  await listNewIndices(db, [...new Set(records.flatMap((record) => fredIndexCode(record.series) ?? []))], release.source);
  return replaceCloses(
    db,
    records.map((record) => ({ instrument: fredInstrument(record.series) ?? '', date: record.date, close: record.close, where: record.where })),
    release,
  );
}

export const fredIndicesImporter: Importer<FredClose[]> = {
  dataset: 'fred-indices',
  datasets: ['instruments'],
  description: `FRED CSV download of index and commodity series (${KNOWN_SERIES})`,
  source: 'Federal Reserve Bank of St. Louis, FRED',
  parse: parseFredCsv,
  load: loadFredCloses,
};
