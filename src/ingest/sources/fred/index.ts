import { ImportError } from '../../import-error.ts';
import { parseFredObservations } from '../../importers/indices/fred-observations.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { FRED_COMMODITY_SERIES, FRED_INDEX_SERIES, fredInstrument } from '../../fred-series.ts';
import type { CollectContext, CollectResult, ImportPayload, SourceDefinition } from '../../sync/source-definition.ts';

const API_KEY = 'FRED_API_KEY';

/** `params.series`: FRED series ids the hub stores (src/ingest/fred-series.ts). */
function seriesParam(sourceId: string, params: Record<string, unknown>): string[] {
  const series = params.series;
  if (!Array.isArray(series) || series.some((id) => typeof id !== 'string' || !/^[A-Z0-9_]+$/.test(id))) {
    throw new Error(`${sourceId}: params.series must be a list of FRED series ids such as "SP500"`);
  }
  const unknown = (series as string[]).filter((id) => fredInstrument(id) === undefined);
  if (unknown.length > 0) throw new Error(`${sourceId}: params.series names ${unknown.join(', ')}, which the hub does not store (src/ingest/fred-series.ts)`);
  return series as string[];
}

/** The newest date loaded per series, from which the next run asks (`observation_start`). */
function startDates(cursor: CollectContext['cursor']): Record<string, string> {
  const starts = cursor?.observationStart;
  return typeof starts === 'object' && starts !== null ? (starts as Record<string, string>) : {};
}

interface ObservationsPage {
  count: number;
  offset: number;
  observations: unknown[];
  [field: string]: unknown;
}

function observationsPage(body: Buffer, series: string): ObservationsPage {
  let page: Partial<ObservationsPage> | null;
  try {
    page = JSON.parse(body.toString('utf8')) as Partial<ObservationsPage> | null;
  } catch (error) {
    throw new ImportError(`${series}.json: not JSON: ${(error as Error).message}`);
  }
  if (typeof page?.count !== 'number' || typeof page.offset !== 'number' || !Array.isArray(page.observations)) {
    throw new ImportError(`${series}.json: the answer lacks FRED's count, offset and observations`);
  }
  return page as ObservationsPage;
}

/**
 * One series' observations since `start` (all of them the first time), every page of it merged
 * into one answer of FRED's layout: FRED serves at most `limit` (100000) observations a
 * request and says how many there are in `count`.
 */
async function seriesPayload(context: CollectContext, series: string, start: string | undefined): Promise<ImportPayload> {
  const archiveHashes: string[] = [];
  let firstBody: Buffer | undefined;
  let merged: ObservationsPage | undefined;
  for (let offset = 0; merged === undefined || offset < merged.count; ) {
    const query = new URLSearchParams({ series_id: series, api_key: context.credentials[API_KEY] ?? '', file_type: 'json' });
    if (start !== undefined) query.set('observation_start', start);
    if (offset > 0) query.set('offset', String(offset));
    const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/fred/series/observations?${query.toString()}` });
    archiveHashes.push(answer.archiveHash);
    firstBody ??= answer.body;
    const page = observationsPage(answer.body, series);
    if (merged === undefined) merged = page;
    else merged.observations.push(...page.observations);
    if (page.observations.length === 0) break;
    offset += page.observations.length;
  }
  // A single page is imported as it arrived; several become one answer of the same layout.
  const content = archiveHashes.length === 1 && firstBody !== undefined ? firstBody : Buffer.from(JSON.stringify(merged));
  return { importer: 'fred-observations', fileName: `${series}.json`, content, archiveHashes };
}

/**
 * A FRED source of the given series from FRED's API, one request per series (and page). The next
 * run asks only from the newest date loaded, that day (or month) included, so a value FRED filled
 * in or corrected later is read again.
 */
function fredObservationsSource(definition: Pick<SourceDefinition, 'id' | 'description' | 'feeds'> & { series: string[] }): SourceDefinition {
  return {
    id: definition.id,
    publisher: 'fred',
    description: definition.description,
    defaultBaseUrl: 'https://api.stlouisfed.org',
    // FRED updates its daily series overnight after the US close; once a day, in the morning in St. Louis.
    defaultSchedule: '0 7 * * 2-6',
    timeZone: 'America/Chicago',
    defaultParams: { series: definition.series },
    credentials: [{ env: API_KEY, required: true, howToGet: 'free: create a FRED account and request a key at https://fred.stlouisfed.org/docs/api/api_key.html' }],
    importers: ['fred-observations'],
    feeds: definition.feeds,
    // FRED allows 120 requests a minute per key.
    minRequestIntervalMs: 500,
    async collect(context): Promise<CollectResult> {
      const starts = { ...startDates(context.cursor) };
      const payloads: ImportPayload[] = [];
      for (const series of seriesParam(definition.id, context.params)) {
        const payload = await seriesPayload(context, series, starts[series]);
        const newest = parseFredObservations(payload.content.toString('utf8'), payload.fileName).reduce<string | undefined>(
          (latest, record) => (latest === undefined || record.date > latest ? record.date : latest),
          undefined,
        );
        if (newest === undefined) continue;
        starts[series] = newest;
        payloads.push(payload);
      }
      return { payloads, cursor: { observationStart: starts } };
    },
  };
}

const feedsOf = (series: readonly string[]) => series.map((id) => `instrument_close:${fredInstrument(id) ?? id}`);

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

export const fredSources: SourceDefinition[] = [fredIndicesSource, fredCommoditiesSource];
