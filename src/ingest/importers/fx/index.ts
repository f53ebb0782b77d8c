import type { AnyImporter } from '../../source.ts';
import { ecbEurofxrefImporter } from './ecb-eurofxref.ts';

/** The fx domain's importers. */
export const fxImporters: AnyImporter[] = [ecbEurofxrefImporter];
