import type { AnyImporter } from '../../source.ts';
import { dailyQuotesImporter } from './daily-quotes.ts';
import { listedInfoImporter } from './listed-info.ts';
import { statementsImporter } from './statements.ts';

/** The equities domain's importers: J-Quants files in the API's own JSON layout. */
export const equitiesImporters: AnyImporter[] = [listedInfoImporter, dailyQuotesImporter, statementsImporter];
