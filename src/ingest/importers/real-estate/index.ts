import type { AnyImporter } from '../../source.ts';
import { mlitTransactionsImporter } from './mlit-transactions.ts';
import { mlitXit001Importer } from './mlit-xit001.ts';

/** The real-estate domain's importers: MLIT's CSV download and its API's JSON answer. */
export const realEstateImporters: AnyImporter[] = [mlitTransactionsImporter, mlitXit001Importer];
