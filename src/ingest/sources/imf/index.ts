import { ImportError } from '../../import-error.ts';
import { imfCpiSeriesKey, parseImfCpi } from '../../importers/macro/imf-cpi.ts';
import { countrySeries, isMacroCountry, type MacroCountry } from '../../../domains/macro/series.ts';
import type { CollectResult, ImportPayload, SourceDefinition } from '../../sync/source-definition.ts';

/** The IMF Statistics Department's CPI dataflow, its latest version (`+`). */
const CPI_DATAFLOW = '/external/sdmx/3.0/data/dataflow/IMF.STA/CPI/%2B';

function countriesParam(params: Record<string, unknown>): MacroCountry[] {
  const countries = params.countries;
  if (!Array.isArray(countries) || countries.length === 0 || countries.some((c) => typeof c !== 'string' || !isMacroCountry(c))) {
    throw new Error('imf-cpi: params.countries must be a list of the hub\'s countries, such as ["VN"]');
  }
  return countries as MacroCountry[];
}

/**
 * Vietnam's monthly all-items CPI index from the IMF's SDMX 3.0 API (no key), the whole series
 * each run (a few hundred months: revisions come with it). It fills `vn.cpi`, from which the
 * inflation-rate table, `/macro/economic-data?type=cpi` and the calendar's `vn-cpi-yoy` actual
 * are computed. The US and Japan have their own publishers of `us.cpi` and `jp.cpi`: add them
 * to `params.countries` only where those are not loaded (one series, one publisher).
 */
export const imfCpiSource: SourceDefinition = {
  id: 'imf-cpi',
  publisher: 'imf',
  description: 'IMF CPI dataflow (SDMX 3.0): the all-items monthly consumer price index of Vietnam',
  defaultBaseUrl: 'https://api.imf.org',
  // Countries report their CPI to the IMF weeks after the month; once a week is enough.
  defaultSchedule: '0 7 * * 2',
  timeZone: 'America/New_York',
  defaultParams: { countries: ['VN'] },
  credentials: [],
  importers: ['imf-cpi'],
  feeds: [`macro_observation:${countrySeries('VN', 'cpi')}`],
  async collect(context): Promise<CollectResult> {
    const payloads: ImportPayload[] = [];
    for (const country of countriesParam(context.params)) {
      const key = imfCpiSeriesKey(country);
      const answer = await context.fetch({ url: `${context.baseUrl}${CPI_DATAFLOW}/${key}?attributes=dsd&measures=all` });
      if (answer.notModified) continue;
      // The IMF answers a key it holds no data for with 204 and no body.
      if (answer.status === 204) throw new ImportError(`CPI-${key}.json: the IMF answered 204 No Content: it holds no CPI series ${key}`);
      const fileName = `CPI-${key}.json`;
      // Read now, so that an HTML page or a changed layout fails the run before anything is imported.
      parseImfCpi(answer.body.toString('utf8'), fileName);
      payloads.push({ importer: 'imf-cpi', fileName, content: answer.body, archiveHashes: [answer.archiveHash] });
    }
    return { payloads, cursor: undefined };
  },
};

export const imfSources: SourceDefinition[] = [imfCpiSource];
