import type { Importer } from '../../source.ts';
import { mlitTransactionsImporter } from './mlit-transactions.ts';

/** The real-estate domain's importers. */
export const realEstateImporters: Importer[] = [mlitTransactionsImporter];
