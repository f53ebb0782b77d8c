import { Type } from 'typebox';
import { FRED_MACRO_SERIES, type FredMacroSeries } from '../../importers/macro/fred-macro-series.ts';
import {
  fredAnswerObservations,
  fredVintage,
  fredVintagesImporter,
  observationPeriods,
  REALTIME_OPEN_END,
  vintageFileName,
  vintageKnowledgeAt,
  type FredVintageObservation,
} from '../../importers/macro/fred-vintages.ts';
import { addMonthsToDay, isoDay } from '../../../kernel/dates.ts';
import { fetchObservations, FRED_CREDENTIAL } from './observation-pages.ts';
import { fetchSeriesDescription, type FetchedDescription } from './series-description.ts';
import { defineSource, parsedPayload, type CollectContext, type CollectResult, type ImportPayload, type ParsedPayload } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

/** ALFRED's first day: asked from it, a series answers with every vintage it ever had. */
export const REALTIME_FIRST_DAY = '1776-07-04';

const FredMacroParams = Type.Object(
  {
    /** FRED ids of FRED_MACRO_SERIES; absent, every one. */
    series: Type.Optional(Type.Array(Type.Unsafe<string>(Type.Union(FRED_MACRO_SERIES.map((entry) => Type.Literal(entry.id)))))),
    /**
     * Years of vintages a series is first asked for, by FRED id, over the catalogue's: for a
     * series FRED refuses to answer whole (more than 2000 vintage dates).
     */
    vintageYears: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 1 }))),
  },
  { additionalProperties: false },
);

/** The newest realtime_start held per series, from which the next run asks. */
function realtimeStarts(cursor: CollectContext['cursor']): Record<string, string> {
  const starts = cursor?.realtimeStart;
  return typeof starts === 'object' && starts !== null ? (starts as Record<string, string>) : {};
}

/** The observations of each vintage (distinct realtime_start), oldest first. */
function vintages(observations: readonly FredVintageObservation[]): [realtimeStart: string, observations: FredVintageObservation[]][] {
  const byStart = new Map<string, FredVintageObservation[]>();
  for (const observation of observations) {
    const group = byStart.get(observation.realtimeStart) ?? [];
    group.push(observation);
    byStart.set(observation.realtimeStart, group);
  }
  return [...byStart].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * One payload per vintage, each the importer's vintage of the observations read once; the newest
 * carries FRED's description of the series, so the release that writes it keeps the description.
 */
function vintagePayloads(entry: FredMacroSeries, groups: ReturnType<typeof vintages>, archiveHashes: string[], described: FetchedDescription): ParsedPayload[] {
  return groups.map(([start, group], index) => {
    const fileName = vintageFileName(entry.id, start);
    const newest = index === groups.length - 1;
    return parsedPayload(fredVintagesImporter, fredVintage(group, fileName, newest ? described.description : undefined), {
      fileName,
      archiveHashes: newest ? [...archiveHashes, described.archiveHash] : archiveHashes,
      knowledgeAt: new Date(vintageKnowledgeAt(start)),
    });
  });
}

/**
 * US macro series from FRED with ALFRED's vintages: every value each observation ever had,
 * with the day it came into force (realtime_start), becomes a version known from that day, so
 * `asOf` answers what FRED showed then. The first run asks every vintage (realtime_start
 * 1776-07-04, realtime_end 9999-12-31); later runs ask from the newest realtime_start held,
 * that day included, and the importer keeps only figures that differ from those in force.
 * FRED's description of a series with a vintage to load (fred/series: title, units, seasonal
 * adjustment, notes, last update) is asked once a run and kept with the release of its newest vintage.
 */
export const fredMacroSource = defineSource({
  id: 'fred-macro',
  publisher: 'fred',
  description: 'FRED/ALFRED US macro series with every vintage (GDP, CPI, PCE, unemployment, rates, trade, debt, population)',
  defaultBaseUrl: 'https://api.stlouisfed.org',
  // BEA and BLS publish at 8:30 or 10:00 Eastern (7:30 or 9:00 in St. Louis); FRED posts within the hour.
  defaultSchedule: '30 11 * * 1-5',
  timeZone: 'America/Chicago',
  params: FredMacroParams,
  defaultParams: {},
  credentials: [FRED_CREDENTIAL],
  importers: [fredVintagesImporter],
  feeds: FRED_MACRO_SERIES.map((entry) => storedFacts.macro(entry.series)),
  // FRED allows 120 requests a minute per key.
  minRequestIntervalMs: 500,
  async collect(context): Promise<CollectResult> {
    const starts = { ...realtimeStarts(context.cursor) };
    const payloads: ImportPayload[] = [];
    const { series: ids, vintageYears = {} } = context.params;
    for (const entry of ids === undefined ? FRED_MACRO_SERIES : FRED_MACRO_SERIES.filter((known) => ids.includes(known.id))) {
      const years = vintageYears[entry.id] ?? entry.vintageYears;
      const firstDay = years === undefined ? REALTIME_FIRST_DAY : addMonthsToDay(isoDay(context.now), -12 * years);
      const start = starts[entry.id] ?? firstDay;
      const answer = await fetchObservations(context, entry.id, { realtime_start: start, realtime_end: REALTIME_OPEN_END, ...entry.query });
      // The whole answer is read now, so a changed layout fails the run before anything is imported.
      const observations = fredAnswerObservations(answer.document, `${entry.id}.json`);
      observationPeriods(observations, entry);
      const groups = vintages(observations);
      if (groups.length === 0) continue;
      const described = await fetchSeriesDescription(context, entry.id);
      starts[entry.id] = observations.reduce((latest, o) => (o.realtimeStart > latest ? o.realtimeStart : latest), start);
      payloads.push(...vintagePayloads(entry, groups, answer.archiveHashes, described));
    }
    return { payloads, cursor: { realtimeStart: starts } };
  },
});
