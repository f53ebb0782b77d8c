import { Type } from 'typebox';
import { fredCloses, fredObservationsImporter } from '../../importers/indices/fred-observations.ts';
import { FRED_COMMODITY_SERIES, FRED_DOLLAR_INDEX_SERIES, FRED_INDEX_SERIES, fredInstrument } from '../../fred-series.ts';
import { fetchObservations, FRED_CREDENTIAL } from './observation-pages.ts';
import { fredMacroSource } from './macro.ts';
import {
  defineSource,
  parsedPayload,
  type CollectContext,
  type CollectResult,
  type ImportPayload,
  type SourceDefinition,
} from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

/** `params.series`: FRED series ids the hub stores (src/ingest/fred-series.ts). */
const FredSeriesParams = Type.Object(
  // One of the ids the hub stores, typed as the string it is (the list is data, not a type).
  {
    series: Type.Array(
      Type.Unsafe<string>(Type.Union([...FRED_INDEX_SERIES, ...FRED_DOLLAR_INDEX_SERIES, ...FRED_COMMODITY_SERIES].map((id) => Type.Literal(id)))),
    ),
  },
  { additionalProperties: false },
);

/** The newest date loaded per series, from which the next run asks (`observation_start`). */
function startDates(cursor: CollectContext['cursor']): Record<string, string> {
  const starts = cursor?.observationStart;
  return typeof starts === 'object' && starts !== null ? (starts as Record<string, string>) : {};
}

/** One series' observations since `start` (all of them the first time), every page read once into `fred-observations`' closes. */
async function seriesPayload(context: CollectContext<unknown>, series: string, start: string | undefined) {
  const answer = await fetchObservations(context, series, start === undefined ? {} : { observation_start: start });
  const fileName = `${series}.json`;
  return parsedPayload(fredObservationsImporter, fredCloses(answer.document.observations, fileName), { fileName, archiveHashes: answer.archiveHashes });
}

/**
 * A FRED source of the given series from FRED's API, one request per series (and page). The next
 * run asks only from the newest date loaded, that day (or month) included, so a value FRED filled
 * in or corrected later is read again.
 */
function fredObservationsSource(definition: Pick<SourceDefinition, 'id' | 'description' | 'feeds'> & { series: string[] }) {
  return defineSource({
    id: definition.id,
    publisher: 'fred',
    description: definition.description,
    defaultBaseUrl: 'https://api.stlouisfed.org',
    // FRED updates its daily series overnight after the US close; once a day, in the morning in St. Louis.
    defaultSchedule: '0 7 * * 2-6',
    timeZone: 'America/Chicago',
    params: FredSeriesParams,
    defaultParams: { series: definition.series },
    credentials: [FRED_CREDENTIAL],
    importers: [fredObservationsImporter],
    feeds: definition.feeds,
    // FRED allows 120 requests a minute per key.
    minRequestIntervalMs: 500,
    async collect(context): Promise<CollectResult> {
      const starts = { ...startDates(context.cursor) };
      const payloads: ImportPayload[] = [];
      for (const series of context.params.series) {
        const payload = await seriesPayload(context, series, starts[series]);
        const newest = payload.parsed.reduce<string | undefined>(
          (latest, record) => (latest === undefined || record.date > latest ? record.date : latest),
          undefined,
        );
        if (newest === undefined) continue;
        starts[series] = newest;
        payloads.push(payload);
      }
      return { payloads, cursor: { observationStart: starts } };
    },
  });
}

const feedsOf = (series: readonly string[]) => series.map((id) => storedFacts.close(fredInstrument(id) ?? id));

/** The FRED index series: S&P 500, Dow Jones, NASDAQ Composite, Nikkei 225. */
export const fredIndicesSource = fredObservationsSource({
  id: 'fred-indices',
  description: 'FRED daily index closes (SP500, DJIA, NASDAQCOM, NIKKEI225) from the FRED API',
  series: FRED_INDEX_SERIES,
  feeds: feedsOf(FRED_INDEX_SERIES),
});

/**
 * The commodity prices FRED carries in the hub's units: EIA daily spot prices (WTI, Brent, Henry
 * Hub, heating oil) and the IMF's monthly averages (metals, coal, softs), the latter dated the
 * first of their month.
 */
export const fredCommoditiesSource = fredObservationsSource({
  id: 'fred-commodities',
  description: `FRED commodity prices (${FRED_COMMODITY_SERIES.join(', ')}) from the FRED API: daily EIA spot prices and monthly IMF averages`,
  series: FRED_COMMODITY_SERIES,
  feeds: feedsOf(FRED_COMMODITY_SERIES),
});

/**
 * The Federal Reserve Board's Nominal Broad U.S. Dollar Index (DTWEXBGS, H.10), the free
 * official dollar index: a fact of its own (`index.close:DTWEXBGS`), another index than ICE's.
 */
export const fredDollarIndexSource = fredObservationsSource({
  id: 'fred-dollar-index',
  description: "FRED's Nominal Broad U.S. Dollar Index (DTWEXBGS, Federal Reserve Board H.10) from the FRED API",
  series: FRED_DOLLAR_INDEX_SERIES,
  feeds: feedsOf(FRED_DOLLAR_INDEX_SERIES),
});

export const fredSources: SourceDefinition[] = [fredIndicesSource, fredCommoditiesSource, fredMacroSource, fredDollarIndexSource];
