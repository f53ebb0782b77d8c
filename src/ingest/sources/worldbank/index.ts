import { Type } from 'typebox';
import { defineSource, parsedPayload, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { PINK_SHEET_COMMODITIES, PINK_SHEET_SHEET, pinkSheetCloses, worldbankPinkSheetImporter } from '../../importers/commodities/worldbank-pinksheet.ts';
import { commodityInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { sheetRows } from './sheet-csv.ts';
import { storedFacts } from '../../../facts/names.ts';

/** The workbook's address on thedocs.worldbank.org (linked from worldbank.org/en/research/commodity-markets). */
const DEFAULT_PATH = '/en/doc/18675f1d1639c7a34d463f59263ba0a2-0050012025/related/CMO-Historical-Data-Monthly.xlsx';

const PinkSheetParams = Type.Object(
  {
    /** The workbook's path on thedocs.worldbank.org, such as "/en/doc/…/related/CMO-Historical-Data-Monthly.xlsx". */
    path: Type.String({ pattern: '^/\\S+\\.xlsx$' }),
  },
  { additionalProperties: false },
);

/**
 * The World Bank's monthly commodity prices ("Pink Sheet", CMO-Historical-Data-Monthly.xlsx),
 * fetched conditionally; its "Monthly Prices" sheet is read once into the
 * importer's closes (the workbook itself is archived as it arrived). The World Bank republishes the workbook early each month, and the
 * address changes with some editions: `params.path` follows it.
 */
export const worldbankPinkSheetSource = defineSource({
  id: 'worldbank-pinksheet-monthly',
  publisher: 'worldbank',
  description: 'World Bank Commodity Price Data (The Pink Sheet), monthly prices workbook: gold, silver, platinum',
  defaultBaseUrl: 'https://thedocs.worldbank.org',
  // Published on the second or third working day of the month.
  defaultSchedule: '0 9 * * 1-5',
  timeZone: 'America/New_York',
  params: PinkSheetParams,
  defaultParams: { path: DEFAULT_PATH },
  credentials: [],
  importers: [worldbankPinkSheetImporter],
  feeds: Object.values(PINK_SHEET_COMMODITIES).map(({ slug }) => storedFacts.close(commodityInstrument(slug))),
  async collect({ baseUrl, params, fetch }): Promise<CollectResult> {
    const answer = await fetch({ url: `${baseUrl}${params.path}` });
    if (answer.notModified) return { payloads: [], cursor: undefined };
    // The workbook is read once; the sheet's rows become the importer's closes.
    const rows = await sheetRows(answer.body, PINK_SHEET_SHEET, 'CMO-Historical-Data-Monthly.xlsx');
    const fileName = 'CMO-Historical-Data-Monthly.csv';
    return {
      payloads: [parsedPayload(worldbankPinkSheetImporter, pinkSheetCloses(rows, fileName), { fileName, archiveHashes: [answer.archiveHash] })],
      cursor: undefined,
    };
  },
});

export const worldbankSources: SourceDefinition[] = [worldbankPinkSheetSource];
