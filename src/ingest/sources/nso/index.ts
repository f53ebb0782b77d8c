import { storedFacts } from '../../../facts/names.ts';
import { NSO_SDMX_FILES, nsoSdmxImporter } from '../../importers/macro/vietnam-sdmx.ts';
import { defineSource, NoParams, type SourceDefinition } from '../../sync/source-definition.ts';
import { collectSdmxFiles } from '../sdmx-files.ts';

/**
 * Vietnam's statistics office's SDMX-ML files of its National Summary Data Page (e-GDDS), each
 * whole each run: core inflation, industrial production, goods exports and imports, the
 * quarterly unemployment rate and quarterly nominal and real GDP (vietnam-sdmx.ts maps them).
 * The all-items CPI index stays the IMF's (imf-cpi): one series, one publisher.
 */
export const nsoNsdpSource = defineSource({
  id: 'nso-nsdp',
  publisher: 'nso',
  description: "Vietnam's statistics office, National Summary Data Page SDMX files: core inflation, industrial production, trade, unemployment, GDP",
  // The page's former host, nsdp.gso.gov.vn, no longer answers.
  defaultBaseUrl: 'https://nsdp.nso.gov.vn',
  // The office publishes its monthly figures early in the next month; a daily look costs five small requests.
  defaultSchedule: '0 12 * * *',
  timeZone: 'Asia/Ho_Chi_Minh',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [nsoSdmxImporter],
  feeds: NSO_SDMX_FILES.flatMap((file) => file.series.map((mapping) => storedFacts.macro(mapping.series))),
  collect: (context) => collectSdmxFiles(context, nsoSdmxImporter, NSO_SDMX_FILES),
});

export const nsoSources: SourceDefinition[] = [nsoNsdpSource];
