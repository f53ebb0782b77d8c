import { Type, type Static } from 'typebox';
import { ImportError } from '../../import-error.ts';
import { estatObservations, estatStatsDataImporter, EstatValuesSchema } from '../../importers/macro/estat-stats-data.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { currentTableId, EstatCatalogueRuleSchema, NextKeySchema } from './catalogue.ts';
import {
  defineSource,
  parsedPayload,
  type CollectContext,
  type CollectResult,
  type ImportPayload,
  type SourceDefinition,
} from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

const APP_ID = 'ESTAT_APP_ID';
const PATH = '/rest/3.0/app/json/getStatsData';

/** The hub's macro series key (`jp.cpi`): the payload is named after it. */
const SeriesKey = Type.String({ pattern: '^jp(\\.[a-z0-9-]+)+$' });
/** The request's narrowing to one series: `cdTab`, `cdCat01`…, `cdArea`, as the API spec names them. */
const Narrowing = Type.Record(Type.String({ pattern: '^(cdTab|cdCat\\d{2}|cdArea|cdTime|cdTimeFrom|cdTimeTo|lvTime)$' }), Type.String(), {
  additionalProperties: false,
});

/**
 * One hub series and the e-Stat table cell that holds it. Its table is the one `statsDataId`
 * (統計表ID) pins, or else the one its `catalogue` rule finds on each run (the newest base year's).
 */
const EstatSeriesSchema = Type.Object(
  {
    key: SeriesKey,
    catalogue: Type.Optional(EstatCatalogueRuleSchema),
    statsDataId: Type.Optional(Type.String({ pattern: '^\\d{10}$' })),
    narrowing: Narrowing,
  },
  { additionalProperties: false },
);
export type EstatSeries = Static<typeof EstatSeriesSchema>;

const EstatParams = Type.Object({ series: Type.Array(EstatSeriesSchema, { minItems: 1 }) }, { additionalProperties: false });

/**
 * The Statistics Bureau's CPI tables, one per base year (消費者物価指数（2020年基準）,
 * …（2025年基準）), each in survey 00200573's catalogue: the newest base is the current index.
 */
const CPI_TABLE = { statsCode: '00200573', tableName: '消費者物価指数（{base}年基準）' };

/**
 * The tables and codes of each figure, as e-Stat's metadata (getMetaInfo) gives them; an operator
 * can replace any of them in the sources file. docs/data-sources.md says where each comes from.
 */
export const ESTAT_DEFAULT_SERIES: readonly EstatSeries[] = [
  // CPI of the newest base, monthly, not seasonally adjusted; tab 1 index, item 0001 all items, area 00000 Japan (the codes of the 2020 and 2025 bases alike).
  { key: 'jp.cpi', catalogue: CPI_TABLE, narrowing: { cdTab: '1', cdCat01: '0001', cdArea: '00000' } },
  // The same table's "all items, less fresh food" (0161), Japan's core CPI.
  { key: 'jp.cpi.core', catalogue: CPI_TABLE, narrowing: { cdTab: '1', cdCat01: '0161', cdArea: '00000' } },
  // Labour Force Survey monthly rates: tab 02 rate, all industries, unemployed persons, both sexes, Japan.
  { key: 'jp.unemployment', statsDataId: '0003005865', narrowing: { cdTab: '02', cdCat01: '000', cdCat02: '08', cdCat03: '0', cdArea: '00000' } },
  // METI's indices of industrial production, 2020 base, seasonally adjusted production, mining and manufacturing.
  { key: 'jp.industrial-production', statsDataId: '0004052177', narrowing: { cdCat01: '0001000' } },
  // Population estimates, each month's 1st, preliminary (概算値), 2020-census base: total population, both sexes, all ages, Japan, in 万人.
  {
    key: 'jp.population',
    statsDataId: '0003443838',
    narrowing: { cdTab: '001', cdCat01: '001', cdCat02: '000', cdCat03: '01000', cdCat04: '01', cdArea: '00000' },
  },
];

/**
 * What paging reads of a getStatsData answer: the next page's start and the values. Every part
 * is optional here: an error answer (no STATISTICAL_DATA) is refused by the importer quoting
 * e-Stat's STATUS and message.
 */
const AnswerSchema = Type.Object({
  GET_STATS_DATA: Type.Optional(
    Type.Object({
      STATISTICAL_DATA: Type.Optional(
        Type.Object({
          RESULT_INF: Type.Optional(Type.Object({ NEXT_KEY: Type.Optional(NextKeySchema) })),
          DATA_INF: Type.Optional(Type.Object({ VALUE: Type.Optional(EstatValuesSchema) })),
        }),
      ),
    }),
  ),
});

/**
 * One series' whole history. e-Stat answers at most `limit` (100,000) values a request and
 * names the next one's `startPosition` in RESULT_INF.NEXT_KEY; each page is read once and the
 * merged values become the series' observations.
 */
async function seriesPayload(context: CollectContext<unknown>, series: EstatSeries, statsDataId: string): Promise<ImportPayload> {
  const fileName = `${series.key}.json`;
  const archiveHashes: string[] = [];
  let merged: Static<typeof AnswerSchema> | undefined;
  for (let start: string | undefined = '1'; start !== undefined; ) {
    const query = new URLSearchParams({
      appId: context.credentials[APP_ID] ?? '',
      statsDataId,
      ...series.narrowing,
      lang: 'J',
      // The time class names the months of tables whose time codes are sequence numbers (METI's).
      metaGetFlg: 'Y',
      cntGetFlg: 'N',
      explanationGetFlg: 'N',
      annotationGetFlg: 'N',
    });
    if (start !== '1') query.set('startPosition', start);
    const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}${PATH}?${query.toString()}` });
    archiveHashes.push(answer.archiveHash);
    const page = readJsonDocument(AnswerSchema, answer.body, fileName);
    const next = page.GET_STATS_DATA?.STATISTICAL_DATA?.RESULT_INF?.NEXT_KEY;
    if (merged === undefined) merged = page;
    else {
      const into = merged.GET_STATS_DATA?.STATISTICAL_DATA?.DATA_INF;
      const values = page.GET_STATS_DATA?.STATISTICAL_DATA?.DATA_INF?.VALUE;
      if (into === undefined || !Array.isArray(into.VALUE) || !Array.isArray(values))
        throw new ImportError(`${fileName}: page from ${start} lacks DATA_INF.VALUE`);
      into.VALUE.push(...values);
    }
    start = next === undefined || next === null || next === '' ? undefined : String(next);
  }
  // Every page was read once, above; the merged values become the importer's observations.
  return parsedPayload(estatStatsDataImporter, estatObservations(merged, fileName), { fileName, archiveHashes });
}

/**
 * Japanese macro series from the e-Stat API (version 3.0, JSON): CPI and core CPI, the
 * unemployment rate, industrial production and the population estimate, one `getStatsData`
 * request per series, narrowed to that series' cell. The CPI's table is found first in its
 * survey's catalogue (`getStatsList`, catalogue.ts), so a new base year is read when e-Stat
 * lists it. Each run asks the whole history: the publishers revise past months, and an answer
 * whose figures did not change is the release already loaded. (GDP comes from the Cabinet Office's own CSVs, src/ingest/sources/cao: e-Stat
 * keeps each GDP estimate as a table of its own, with no table that the next estimate updates;
 * METI's retail sales are there only as one table per annual revision, so no source reads them.)
 */
export const estatMacroSource = defineSource({
  id: 'estat-macro',
  publisher: 'estat',
  description: 'e-Stat API getStatsData: Japan CPI, core CPI, unemployment rate, industrial production, population estimate',
  defaultBaseUrl: 'https://api.e-stat.go.jp',
  // CPI, the labour force survey and industrial production are released in the Tokyo morning; a run at 11:00 finds them on e-Stat.
  defaultSchedule: '0 11 * * 1-5',
  timeZone: 'Asia/Tokyo',
  params: EstatParams,
  defaultParams: { series: [...ESTAT_DEFAULT_SERIES] },
  credentials: [
    {
      env: APP_ID,
      required: true,
      howToGet: 'free: register at https://www.e-stat.go.jp/api/ and issue an application ID on My Page (API機能 アプリケーションID)',
    },
  ],
  importers: [estatStatsDataImporter],
  feeds: ESTAT_DEFAULT_SERIES.map((series) => storedFacts.macro(series.key)),
  // e-Stat documents no rate; two requests a second keeps the hub a light user.
  minRequestIntervalMs: 500,
  async collect(context): Promise<CollectResult> {
    const payloads: ImportPayload[] = [];
    // One catalogue request per rule, however many series read its table.
    const found = new Map<string, string>();
    for (const series of context.params.series) {
      let statsDataId = series.statsDataId;
      if (statsDataId === undefined) {
        const rule = series.catalogue;
        if (rule === undefined) throw new ImportError(`estat-macro: series ${series.key} names neither a statsDataId nor a catalogue rule`);
        const key = JSON.stringify(rule);
        statsDataId = found.get(key) ?? (await currentTableId(context, context.credentials[APP_ID] ?? '', rule));
        found.set(key, statsDataId);
      }
      payloads.push(await seriesPayload(context, series, statsDataId));
    }
    return { payloads, cursor: undefined };
  },
});

export const estatSources: SourceDefinition[] = [estatMacroSource];
