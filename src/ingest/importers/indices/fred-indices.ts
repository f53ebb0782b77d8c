import { ImportError, type Importer } from '../../source.ts';
import { csvCells } from '../../csv.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { loadIndexCloses, type IndexCloseRecord } from './index-closes.ts';

/**
 * FRED's CSV download of one or more daily index series (`fredgraph.csv` or `SP500.csv`):
 * a header `observation_date,SP500,…` (`DATE,…` in files saved before 2024), then one line per
 * day, oldest first, with an empty cell (`.` in the older files) where the market was closed.
 * FRED names the series by its own ids; the hub stores them under its index codes.
 */
export const FRED_SERIES: Readonly<Record<string, string>> = {
  SP500: 'SPX',
  DJIA: 'DJI',
  NASDAQCOM: 'IXIC',
  NIKKEI225: 'N225',
};

export function parseFredIndices(content: string): IndexCloseRecord[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  const [dateHeader = '', ...series] = csvCells(lines[0] ?? '');
  if (!/^(observation_date|DATE)$/i.test(dateHeader) || series.length === 0) {
    throw new ImportError('line 1: expected the FRED header "observation_date,SERIES,…"');
  }
  const codes = series.map((id) => {
    const code = FRED_SERIES[id];
    if (code === undefined) throw new ImportError(`line 1: series "${id}" is not an index the hub knows (${Object.keys(FRED_SERIES).join(', ')})`);
    return code;
  });
  const records: IndexCloseRecord[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const lineNumber = i + 1;
    const [date = '', ...values] = csvCells(lines[i] ?? '');
    if (calendarDate(date) === undefined) throw new ImportError(`line ${lineNumber}: date "${date}" is not a calendar date (YYYY-MM-DD)`);
    if (seen.has(date)) throw new ImportError(`line ${lineNumber}: ${date} appears twice`);
    seen.add(date);
    if (values.length !== codes.length) throw new ImportError(`line ${lineNumber}: ${values.length} values for ${codes.length} series`);
    values.forEach((value, column) => {
      if (value === '' || value === '.') return;
      const close = Number(value);
      if (!Number.isFinite(close) || close <= 0) {
        throw new ImportError(`line ${lineNumber}: ${series[column] ?? '?'} value "${value}" is not a positive number`);
      }
      records.push({ code: codes[column] ?? '', date, close });
    });
  }
  if (records.length === 0) throw new ImportError('the file holds no value');
  return records;
}

export const fredIndicesImporter: Importer<IndexCloseRecord[]> = {
  dataset: 'fred-indices',
  datasets: ['instruments'],
  description: 'FRED daily index CSV (SP500, DJIA, NASDAQCOM, NIKKEI225)',
  source: 'Federal Reserve Bank of St. Louis, FRED',
  parse(content) {
    return parseFredIndices(content);
  },
  load: loadIndexCloses,
};
