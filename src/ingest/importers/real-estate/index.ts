import type { AnyImporter } from '../../source.ts';
import { mlitTransactionsImporter } from './mlit-transactions.ts';

/** The real-estate domain's importers. */
export const realEstateImporters: AnyImporter[] = [mlitTransactionsImporter];
