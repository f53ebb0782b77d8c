import { Type } from 'typebox';
import { ImportError } from '../../import-error.ts';
import { BIS_AREAS, bisCbpolImporter, parseBisPolicyRates, type BisCountry } from '../../importers/macro/bis-cbpol.ts';
import { countrySeries } from '../../../domains/macro/series.ts';
import { defineSource, parsedPayload, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

/** The BIS central bank policy rates dataflow, version 1.0, in the SDMX API v2. */
const CBPOL_DATAFLOW = '/api/v2/data/dataflow/BIS/WS_CBPOL/1.0';

const BisParams = Type.Object(
  {
    /** The hub's countries whose policy rate is asked (the BIS covers the US and Japan, not Vietnam). */
    countries: Type.Array(Type.Unsafe<BisCountry>(Type.Union((Object.keys(BIS_AREAS) as BisCountry[]).map((country) => Type.Literal(country)))), {
      minItems: 1,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);

/**
 * Japan's central bank policy rate from the BIS policy rates data set (WS_CBPOL, SDMX API v2, no
 * key): the monthly series (`M.JP`, the rate at the month's last observation), whole each run
 * (under a thousand months), so the BIS's revisions come with it and the answer replaces every
 * period stored under `jp.policy-rate`. The BIS takes as Japan's policy rate the rate the Bank of
 * Japan sets in each regime: the call-rate target, the short-term policy interest rate (−0.1 %,
 * applied to the Policy-Rate Balance, from 21 September 2016) and the call-rate guideline again
 * from 21 March 2024 (the middle of a 0–0.1 % band); it shows none for the base-money targeting
 * of April 2013 to September 2016. The US policy rate is FRED's (fred-macro, DFEDTARU with its
 * vintages): add `US` to `params.countries` only where that is not loaded (one series, one publisher).
 */
export const bisPolicyRatesSource = defineSource({
  id: 'bis-cbpol',
  publisher: 'bis',
  description: 'BIS central bank policy rates (WS_CBPOL, SDMX API v2): the monthly policy rate of Japan',
  defaultBaseUrl: 'https://stats.bis.org',
  // The BIS updates the data set weekly; a daily look costs one small request.
  defaultSchedule: '0 6 * * *',
  timeZone: 'Europe/Zurich',
  params: BisParams,
  defaultParams: { countries: ['JP'] },
  credentials: [],
  importers: [bisCbpolImporter],
  feeds: [storedFacts.macro(countrySeries('JP', 'policyRate'))],
  async collect(context): Promise<CollectResult> {
    const payloads: ImportPayload[] = [];
    for (const country of context.params.countries) {
      const key = `M.${BIS_AREAS[country]}`;
      const fileName = `WS_CBPOL-${key}.csv`;
      const answer = await context.fetch({ url: `${context.baseUrl}${CBPOL_DATAFLOW}/${key}?format=csv` });
      if (answer.notModified) continue;
      if (answer.status === 204) throw new ImportError(`${fileName}: the BIS answered 204 No Content: it holds no series ${key} in WS_CBPOL`);
      // Read once, now: an HTML page or a changed layout fails the run before anything is imported.
      payloads.push(
        parsedPayload(bisCbpolImporter, parseBisPolicyRates(answer.body.toString('utf8'), fileName), { fileName, archiveHashes: [answer.archiveHash] }),
      );
    }
    return { payloads, cursor: undefined };
  },
});

export const bisSources: SourceDefinition[] = [bisPolicyRatesSource];
