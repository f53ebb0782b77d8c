import type { AnyImporter } from '../../source.ts';
import { commodityPricesCsvImporter } from './commodity-prices-csv.ts';

/** The commodities domain's importers. */
export const commoditiesImporters: AnyImporter[] = [commodityPricesCsvImporter];
