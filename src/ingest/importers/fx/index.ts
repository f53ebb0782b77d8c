import type { AnyImporter } from '../../source.ts';
import { ecbEurofxrefImporter } from './ecb-eurofxref.ts';
import { ecbEurofxrefXmlImporter } from './ecb-eurofxref-xml.ts';
import { vietcombankExrateXmlImporter } from './vietcombank-exrate-xml.ts';

/** The fx domain's importers. */
export const fxImporters: AnyImporter[] = [ecbEurofxrefImporter, ecbEurofxrefXmlImporter, vietcombankExrateXmlImporter];
