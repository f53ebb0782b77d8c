import type { AnyImporter } from '../../source.ts';
import { commodityPricesCsvImporter } from './commodity-prices-csv.ts';
import { worldbankPinkSheetImporter } from './worldbank-pinksheet.ts';

/** The commodities domain's importers. */
export const commoditiesImporters: AnyImporter[] = [commodityPricesCsvImporter, worldbankPinkSheetImporter];
