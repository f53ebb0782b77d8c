import { canonicalJson } from '../../canonical-content.ts';
import { J_QUANTS_SOURCE, readRecords, RecordReader, type JQuantsImporter } from '../equities/json-records.ts';
import { loadIndexCloses, type IndexCloseRecord } from './index-closes.ts';

/**
 * J-Quants' index codes (API reference, "Indices codes") of the catalogue's Japanese indices
 * it publishes. The Nikkei 225, the JPX-Nikkei 400 and the Growth Market Core index are not
 * among them (docs/data-sources.md).
 */
export const JQUANTS_INDEX_CODES: Readonly<Record<string, string>> = {
  '0000': 'TOPIX',
  '0028': 'TOPIXC30',
  '0070': 'TSEG250',
  '0075': 'TSEREIT',
};

const KEY = 'data';

/**
 * J-Quants API v2 `/indices/bars/daily` (pages merged into one `data` array): one record per
 * index and day, `{Date, Code, O, H, L, C}`; `O`, `H`, `L` are null for the indices J-Quants
 * publishes only a close of. Each figure is held to the figure rules of the index's close. A
 * `date=` answer lists every index J-Quants publishes (the TOPIX sector and size indices too):
 * only the catalogue's are kept.
 */
export function parseJQuantsIndexBars(content: string, fileName: string): IndexCloseRecord[] {
  return jquantsIndexCloses(readRecords(content, fileName, KEY), fileName);
}

/** The closes of the records of one or more pages (each page's `data`, in order). */
function jquantsIndexCloses(list: readonly Record<string, unknown>[], fileName: string): IndexCloseRecord[] {
  const records: IndexCloseRecord[] = [];
  const seen = new Set<string>();
  list.forEach((record, i) => {
    const read: RecordReader = new RecordReader(fileName, KEY, i, record);
    const date = read.date('Date');
    const indexCode = read.text('Code');
    if (!/^[0-9A-Z]{4}$/.test(indexCode)) read.fail(`Code ${JSON.stringify(indexCode)} is not a 4-character index code`);
    const code = JQUANTS_INDEX_CODES[indexCode];
    const fact = `index.close:${code ?? indexCode}`;
    for (const field of ['O', 'H', 'L']) read.figure(field, fact);
    const close = read.figure('C', fact);
    if (close === null) read.fail('C must be a positive number (got null)');
    if (code === undefined) return;
    if (seen.has(`${code} ${date}`)) read.fail(`index ${indexCode} appears twice on ${date}`);
    seen.add(`${code} ${date}`);
    records.push({ code, date, close, where: read.where });
  });
  return records;
}

export const jquantsIndicesImporter: JQuantsImporter<IndexCloseRecord[]> = {
  dataset: 'jquants-indices-bars-daily',
  datasets: ['instruments'],
  description: 'J-Quants API v2 index bars JSON (/indices/bars/daily: {"data": [...]}): TOPIX, TOPIX Core30, TSE Growth 250 and TSE REIT closes',
  source: J_QUANTS_SOURCE,
  canonicalForm: canonicalJson,
  parse: parseJQuantsIndexBars,
  fromRecords: jquantsIndexCloses,
  load: loadIndexCloses,
};

/**
 * J-Quants API v2 `/indices/bars/daily/topix` (pages merged into one `data` array): TOPIX
 * alone, one record per day, `{Date, O, H, L, C}` with no index code. Served from the Light
 * plan up, where `/indices/bars/daily` needs the Standard plan.
 */
function parseJQuantsTopixBars(content: string, fileName: string): IndexCloseRecord[] {
  return jquantsTopixCloses(readRecords(content, fileName, KEY), fileName);
}

function jquantsTopixCloses(list: readonly Record<string, unknown>[], fileName: string): IndexCloseRecord[] {
  const seen = new Set<string>();
  return list.map((record, i) => {
    const read: RecordReader = new RecordReader(fileName, KEY, i, record);
    const date = read.date('Date');
    for (const field of ['O', 'H', 'L']) read.figure(field, 'index.close:TOPIX');
    const close = read.figure('C', 'index.close:TOPIX');
    if (close === null) read.fail('C must be a positive number (got null)');
    if (seen.has(date)) read.fail(`${date} appears twice`);
    seen.add(date);
    return { code: 'TOPIX', date, close, where: read.where };
  });
}

export const jquantsTopixImporter: JQuantsImporter<IndexCloseRecord[]> = {
  dataset: 'jquants-indices-topix',
  datasets: ['instruments'],
  description: 'J-Quants API v2 TOPIX bars JSON (/indices/bars/daily/topix: {"data": [...]}): TOPIX closes',
  source: J_QUANTS_SOURCE,
  canonicalForm: canonicalJson,
  parse: parseJQuantsTopixBars,
  fromRecords: jquantsTopixCloses,
  load: loadIndexCloses,
};
