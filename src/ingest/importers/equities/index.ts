import type { AnyImporter } from '../../source.ts';
import { barsDailyImporter, dailyQuotesImporter } from './daily-quotes.ts';
import { equitiesMasterImporter, listedInfoImporter } from './listed-info.ts';
import { finsStatementsImporter, finsSummaryImporter } from './statements.ts';

/**
 * The equities domain's importers: J-Quants files in the API's own JSON layout, v1 (the files
 * `fdh import` has always read) and v2 (what `fdh sync` fetches).
 */
export const equitiesImporters: AnyImporter[] = [
  listedInfoImporter,
  dailyQuotesImporter,
  finsStatementsImporter,
  equitiesMasterImporter,
  barsDailyImporter,
  finsSummaryImporter,
];
