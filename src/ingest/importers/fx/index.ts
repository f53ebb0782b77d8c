import type { AnyImporter } from '../../source.ts';
import { ecbEurofxrefImporter } from './ecb-eurofxref.ts';
import { ecbEurofxrefXmlImporter } from './ecb-eurofxref-xml.ts';

/** The fx domain's importers. */
export const fxImporters: AnyImporter[] = [ecbEurofxrefImporter, ecbEurofxrefXmlImporter];
