import { parseFredObservations } from '../../importers/indices/fred-observations.ts';
import { FRED_SERIES } from '../../importers/indices/fred-indices.ts';
import { indexInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { fetchObservations, FRED_CREDENTIAL } from './observation-pages.ts';
import { fredMacroSource } from './macro.ts';
import type { CollectContext, CollectResult, ImportPayload, SourceDefinition } from '../../sync/source-definition.ts';

/** The index series the FRED importers know (fred-indices.ts). */
const DEFAULT_SERIES = ['SP500', 'DJIA', 'NASDAQCOM', 'NIKKEI225'];

/** `params.series`: FRED series ids, each a string. */
function seriesParam(params: Record<string, unknown>): string[] {
  const series = params.series;
  if (!Array.isArray(series) || series.some((id) => typeof id !== 'string' || !/^[A-Z0-9_]+$/.test(id))) {
    throw new Error('fred-indices: params.series must be a list of FRED series ids such as "SP500"');
  }
  return series as string[];
}

/** The newest date loaded per series, from which the next run asks (`observation_start`). */
function startDates(cursor: CollectContext['cursor']): Record<string, string> {
  const starts = cursor?.observationStart;
  return typeof starts === 'object' && starts !== null ? (starts as Record<string, string>) : {};
}

/** One series' observations since `start` (all of them the first time), imported by `fred-observations`. */
async function seriesPayload(context: CollectContext, series: string, start: string | undefined): Promise<ImportPayload> {
  const answer = await fetchObservations(context, series, start === undefined ? {} : { observation_start: start });
  return { importer: 'fred-observations', fileName: `${series}.json`, ...answer };
}

/**
 * The FRED index series (S&P 500, Dow Jones, NASDAQ Composite, Nikkei 225) from FRED's API,
 * one request per series (and page). The next run asks only from the newest date loaded,
 * that day included, so a value FRED filled in or corrected later is read again.
 */
export const fredIndicesSource: SourceDefinition = {
  id: 'fred-indices',
  publisher: 'fred',
  description: 'FRED daily index closes (SP500, DJIA, NASDAQCOM, NIKKEI225) from the FRED API',
  defaultBaseUrl: 'https://api.stlouisfed.org',
  // FRED updates these series overnight after the US close; once a day, in the morning in St. Louis.
  defaultSchedule: '0 7 * * 2-6',
  timeZone: 'America/Chicago',
  defaultParams: { series: DEFAULT_SERIES },
  credentials: [FRED_CREDENTIAL],
  importers: ['fred-observations'],
  // The default series; an operator who sets params.series fills others.
  feeds: DEFAULT_SERIES.map((series) => `instrument_close:${indexInstrument(FRED_SERIES[series] ?? series)}`),
  // FRED allows 120 requests a minute per key.
  minRequestIntervalMs: 500,
  async collect(context): Promise<CollectResult> {
    const starts = { ...startDates(context.cursor) };
    const payloads: ImportPayload[] = [];
    for (const series of seriesParam(context.params)) {
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

export const fredSources: SourceDefinition[] = [fredIndicesSource, fredMacroSource];
