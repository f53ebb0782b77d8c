import type { AnyImporter } from '../../source.ts';
import { bisCbpolImporter } from './bis-cbpol.ts';
import { bojStatSearchImporter } from './boj-stat-search.ts';
import { mofJgbYieldsImporter } from './mof-jgb-yields.ts';
import { caoGdpCsvImporter } from './cao-gdp-csv.ts';
import { estatStatsDataImporter } from './estat-stats-data.ts';
import { estatDashboardDataImporter } from './estat-dashboard-data.ts';
import { fredVintagesImporter } from './fred-vintages.ts';
import { imfCpiImporter } from './imf-cpi.ts';
import { observationsCsvImporter } from './observations-csv.ts';
import { tiborJbaImporter } from './tibor-jba.ts';
import { nsoSdmxImporter, sbvSdmxImporter } from './vietnam-sdmx.ts';

/** The macro domain's importers. */
export const macroImporters: AnyImporter[] = [
  tiborJbaImporter,
  observationsCsvImporter,
  bojStatSearchImporter,
  mofJgbYieldsImporter,
  estatStatsDataImporter,
  estatDashboardDataImporter,
  caoGdpCsvImporter,
  fredVintagesImporter,
  imfCpiImporter,
  bisCbpolImporter,
  nsoSdmxImporter,
  sbvSdmxImporter,
];
