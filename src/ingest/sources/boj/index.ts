import { addMonths } from '../../../kernel/dates.ts';
import { Type } from 'typebox';
import { BOJ_SERIES, bojStatSearchImporter, parseBojAnswer, type BojAnswer } from '../../importers/macro/boj-stat-search.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import {
  defineSource,
  parsedPayload,
  type CollectContext,
  type CollectResult,
  type ImportPayload,
  type SourceDefinition,
} from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

const SOURCE_ID = 'boj-rates';

const BojParams = Type.Object(
  {
    /** `YYYYMM`: where the first run starts, within the API's range (1850–2050). */
    firstMonth: Type.String({ pattern: '^(18[5-9]\\d|19\\d\\d|20[0-4]\\d|2050)(0[1-9]|1[0-2])$' }),
    /** How many months before the newest one loaded later runs ask again. */
    revisionMonths: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** The newest month loaded per BOJ series code (`YYYY-MM`), from the cursor. */
function latestMonths(cursor: CollectContext['cursor']): Record<string, string> {
  const latest = cursor?.latestMonth;
  return typeof latest === 'object' && latest !== null ? { ...(latest as Record<string, string>) } : {};
}

/** The series codes to ask, grouped by their database: one request per database. */
function codesByDatabase(): Map<string, string[]> {
  const byDb = new Map<string, string[]>();
  for (const [code, { db }] of Object.entries(BOJ_SERIES)) byDb.set(db, [...(byDb.get(db) ?? []), code]);
  return byDb;
}

/**
 * One database's answer from `startDate` on; every page (`NEXTPOSITION` → `startPosition`) is
 * read once and their series become the importer's observations.
 */
async function databasePayload(
  context: CollectContext<unknown>,
  db: string,
  codes: string[],
  startDate: string,
): Promise<{ payload: ImportPayload; months: Record<string, string> }> {
  const fileName = `${db}-${codes.join('-')}.json`;
  const archiveHashes: string[] = [];
  const results: BojAnswer['results'] = [];
  const months: Record<string, string> = {};
  for (let position: number | null = 1; position !== null; ) {
    const query = new URLSearchParams({ format: 'json', lang: 'en', db, code: codes.join(','), startDate });
    if (position > 1) query.set('startPosition', String(position));
    const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/api/v1/getDataCode?${query.toString()}` });
    archiveHashes.push(answer.archiveHash);
    const page = parseBojAnswer(answer.body.toString('utf8'), fileName);
    for (const { code, observations } of page.results) {
      for (const { row } of observations) if (row.value !== null && (months[code] ?? '') < row.period) months[code] = row.period;
    }
    results.push(...page.results);
    position = page.nextPosition;
  }
  // Every page was read once, above; their series become the importer's observations.
  const observations = results.flatMap((result) => result.observations);
  return { payload: parsedPayload(bojStatSearchImporter, { fileName, observations }, { fileName, archiveHashes }), months };
}

/**
 * The Bank of Japan's uncollateralized overnight call rate (FM02 STRACLUCON, monthly average)
 * from the Time-Series Data Search API
 * (`/api/v1/getDataCode`, no key; https://www.stat-search.boj.or.jp/info/api_manual.pdf). The
 * first run asks from `params.firstMonth`; later runs from `params.revisionMonths` before the
 * newest month loaded, so the BOJ's revisions of recent months are read again.
 */
export const bojRatesSource = defineSource({
  id: SOURCE_ID,
  publisher: 'boj',
  description: 'Bank of Japan uncollateralized overnight call rate, monthly average, from the Time-Series Data Search API',
  defaultBaseUrl: 'https://www.stat-search.boj.or.jp',
  // The BOJ updates the database around 08:50 JST on business days.
  defaultSchedule: '30 9 * * 1-5',
  timeZone: 'Asia/Tokyo',
  params: BojParams,
  defaultParams: { firstMonth: '200001', revisionMonths: 12 },
  credentials: [],
  importers: [bojStatSearchImporter],
  feeds: [storedFacts.macro('jp.overnight-rate')],
  // The API's notice asks to avoid high-frequency access; one request a second is gentle.
  minRequestIntervalMs: 1000,
  async collect(context): Promise<CollectResult> {
    const { firstMonth, revisionMonths } = context.params;
    const latest = latestMonths(context.cursor);
    const payloads: ImportPayload[] = [];
    for (const [db, codes] of codesByDatabase()) {
      const known = codes.map((code) => latest[code]);
      // Ask from the oldest of the codes' restarts; a code never loaded restarts from firstMonth.
      const startDate = known.some((month) => month === undefined)
        ? firstMonth
        : (known.map((month) => addMonths(month ?? '', -revisionMonths).replace('-', '')).sort()[0] ?? firstMonth);
      const { payload, months } = await databasePayload(context, db, codes, startDate < firstMonth ? firstMonth : startDate);
      Object.assign(latest, months);
      payloads.push(payload);
    }
    return { payloads, cursor: { latestMonth: latest } };
  },
});

export const bojSources: SourceDefinition[] = [bojRatesSource];
