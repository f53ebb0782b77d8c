import type { CollectResult, SourceDefinition } from '../../sync/source-definition.ts';
import { PINK_SHEET_COMMODITIES, PINK_SHEET_SHEET } from '../../importers/commodities/worldbank-pinksheet.ts';
import { commodityInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { sheetAsCsv } from './sheet-csv.ts';

/** The workbook's address on thedocs.worldbank.org (linked from worldbank.org/en/research/commodity-markets). */
const DEFAULT_PATH = '/en/doc/18675f1d1639c7a34d463f59263ba0a2-0050012025/related/CMO-Historical-Data-Monthly.xlsx';

function pathParam(params: Record<string, unknown>): string {
  const path = params.path;
  if (typeof path !== 'string' || !/^\/\S+\.xlsx$/.test(path)) {
    throw new Error('worldbank-pinksheet-monthly: params.path must be the workbook\'s path on thedocs.worldbank.org, such as "/en/doc/…/related/CMO-Historical-Data-Monthly.xlsx"');
  }
  return path;
}

/**
 * The World Bank's monthly commodity prices ("Pink Sheet", CMO-Historical-Data-Monthly.xlsx),
 * fetched conditionally; its "Monthly Prices" sheet is handed on as CSV (the workbook itself is
 * archived as it arrived). The World Bank republishes the workbook early each month, and the
 * address changes with some editions: `params.path` follows it.
 */
export const worldbankPinkSheetSource: SourceDefinition = {
  id: 'worldbank-pinksheet-monthly',
  publisher: 'worldbank',
  description: 'World Bank Commodity Price Data (The Pink Sheet), monthly prices workbook: gold, silver, platinum',
  defaultBaseUrl: 'https://thedocs.worldbank.org',
  // Published on the second or third working day of the month.
  defaultSchedule: '0 9 * * 1-5',
  timeZone: 'America/New_York',
  defaultParams: { path: DEFAULT_PATH },
  credentials: [],
  importers: ['worldbank-pinksheet-monthly'],
  feeds: Object.values(PINK_SHEET_COMMODITIES).map(({ slug }) => `instrument_close:${commodityInstrument(slug)}`),
  async collect({ baseUrl, params, fetch }): Promise<CollectResult> {
    const answer = await fetch({ url: `${baseUrl}${pathParam(params)}` });
    if (answer.notModified) return { payloads: [], cursor: undefined };
    const csv = await sheetAsCsv(answer.body, PINK_SHEET_SHEET, 'CMO-Historical-Data-Monthly.xlsx');
    return {
      payloads: [{ importer: 'worldbank-pinksheet-monthly', fileName: 'CMO-Historical-Data-Monthly.csv', content: Buffer.from(csv), archiveHashes: [answer.archiveHash] }],
      cursor: undefined,
    };
  },
};

export const worldbankSources: SourceDefinition[] = [worldbankPinkSheetSource];
