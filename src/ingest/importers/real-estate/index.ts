import type { AnyImporter } from '../../source.ts';
import { mlitTransactionsImporter } from './mlit-transactions.ts';
import { mlitXit001Importer } from './mlit-xit001.ts';
import { mlitN03Importer } from './mlit-n03.ts';
import { soumuLocalGovernmentCodesImporter } from './soumu-local-government-codes.ts';

/** The real-estate domain's importers: MLIT's CSV download and its API's JSON answer, MIC's local-government code list, MLIT's N03 boundaries. */
export const realEstateImporters: AnyImporter[] = [soumuLocalGovernmentCodesImporter, mlitN03Importer, mlitTransactionsImporter, mlitXit001Importer];
