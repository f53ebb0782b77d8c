import { Type } from 'typebox';
import { ImportError } from '../../import-error.ts';
import { imfCpiImporter, imfCpiSeriesKey, parseImfCpi } from '../../importers/macro/imf-cpi.ts';
import { COUNTRIES, countrySeries, type MacroCountry } from '../../../domains/macro/series.ts';
import { defineSource, parsedPayload, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

/** The IMF Statistics Department's CPI dataflow, its latest version (`+`). */
const CPI_DATAFLOW = '/external/sdmx/3.0/data/dataflow/IMF.STA/CPI/%2B';

const ImfParams = Type.Object(
  {
    /** The hub's countries whose CPI is asked. */
    countries: Type.Array(Type.Unsafe<MacroCountry>(Type.Union(COUNTRIES.map((country) => Type.Literal(country)))), { minItems: 1 }),
  },
  { additionalProperties: false },
);

/**
 * Vietnam's monthly all-items CPI index from the IMF's SDMX 3.0 API (no key), the whole series
 * each run (a few hundred months: revisions come with it). It fills `vn.cpi`, from which the
 * inflation-rate table, `/macro/economic-data?type=cpi` and the calendar's `vn-cpi-yoy` actual
 * are computed. The US and Japan have their own publishers of `us.cpi` and `jp.cpi`: add them
 * to `params.countries` only where those are not loaded (one series, one publisher).
 */
export const imfCpiSource = defineSource({
  id: 'imf-cpi',
  publisher: 'imf',
  description: 'IMF CPI dataflow (SDMX 3.0): the all-items monthly consumer price index of Vietnam',
  defaultBaseUrl: 'https://api.imf.org',
  // Countries report their CPI to the IMF weeks after the month; once a week is enough.
  defaultSchedule: '0 7 * * 2',
  timeZone: 'America/New_York',
  params: ImfParams,
  defaultParams: { countries: ['VN'] },
  credentials: [],
  importers: [imfCpiImporter],
  feeds: [storedFacts.macro(countrySeries('VN', 'cpi'))],
  async collect(context): Promise<CollectResult> {
    const payloads: ImportPayload[] = [];
    for (const country of context.params.countries) {
      const key = imfCpiSeriesKey(country);
      const answer = await context.fetch({ url: `${context.baseUrl}${CPI_DATAFLOW}/${key}?attributes=dsd&measures=all` });
      if (answer.notModified) continue;
      // The IMF answers a key it holds no data for with 204 and no body.
      if (answer.status === 204) throw new ImportError(`CPI-${key}.json: the IMF answered 204 No Content: it holds no CPI series ${key}`);
      const fileName = `CPI-${key}.json`;
      // Read once, now: an HTML page or a changed layout fails the run before anything is imported.
      payloads.push(parsedPayload(imfCpiImporter, parseImfCpi(answer.body.toString('utf8'), fileName), { fileName, archiveHashes: [answer.archiveHash] }));
    }
    return { payloads, cursor: undefined };
  },
});

export const imfSources: SourceDefinition[] = [imfCpiSource];
