import type { AnyImporter } from '../../source.ts';
import { fredVintagesImporter } from './fred-vintages.ts';
import { observationsCsvImporter } from './observations-csv.ts';
import { tiborJbaImporter } from './tibor-jba.ts';

/** The macro domain's importers. */
export const macroImporters: AnyImporter[] = [tiborJbaImporter, observationsCsvImporter, fredVintagesImporter];
