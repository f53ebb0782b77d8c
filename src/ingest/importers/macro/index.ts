import type { AnyImporter } from '../../source.ts';
import { imfCpiImporter } from './imf-cpi.ts';
import { observationsCsvImporter } from './observations-csv.ts';
import { tiborJbaImporter } from './tibor-jba.ts';
import { worldBankIndicatorImporter } from './worldbank-indicator.ts';

/** The macro domain's importers. */
export const macroImporters: AnyImporter[] = [tiborJbaImporter, observationsCsvImporter, worldBankIndicatorImporter, imfCpiImporter];
