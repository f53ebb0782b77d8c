import { storedFacts } from '../../../facts/names.ts';
import { SBV_SDMX_FILES, sbvSdmxImporter } from '../../importers/macro/vietnam-sdmx.ts';
import { defineSource, NoParams, type SourceDefinition } from '../../sync/source-definition.ts';
import { collectSdmxFiles } from '../sdmx-files.ts';

/**
 * The State Bank of Vietnam's e-GDDS interest-rate file (SDMX-ML, the latest released revision
 * of its ShowProperty node SBV471011), whole each run: the monthly refinancing rate, the SBV's
 * policy rate, as `vn.policy-rate`.
 */
export const sbvSdmxSource = defineSource({
  id: 'sbv-sdmx',
  publisher: 'sbv',
  description: "State Bank of Vietnam's e-GDDS SDMX interest-rate file: the monthly refinancing rate",
  defaultBaseUrl: 'https://sbv.gov.vn',
  // The SBV revises the file after it changes its rates; a daily look costs one small request.
  defaultSchedule: '0 12 * * *',
  timeZone: 'Asia/Ho_Chi_Minh',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [sbvSdmxImporter],
  feeds: SBV_SDMX_FILES.flatMap((file) => file.series.map((mapping) => storedFacts.macro(mapping.series))),
  collect: (context) => collectSdmxFiles(context, sbvSdmxImporter, SBV_SDMX_FILES),
});

export const sbvSources: SourceDefinition[] = [sbvSdmxSource];
