import type { Importer } from '../../source.ts';
import { ecbEurofxrefImporter } from './ecb-eurofxref.ts';

/** The fx domain's importers. */
export const fxImporters: Importer[] = [ecbEurofxrefImporter];
