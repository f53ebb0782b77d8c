import { Type } from 'typebox';
import { bokKospiCloses, bokKospiImporter, ECOS_KOSPI, StatisticSearchSchema, type EcosRow } from '../../importers/indices/bok-kospi.ts';
import { ImportError } from '../../import-error.ts';
import { LIMIT_SETTINGS, payloadLimits } from '../../limits.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { calendarDate } from '../../calendar-dates.ts';
import {
  defineSource,
  parsedPayload,
  type CollectContext,
  type CollectResult,
  type CredentialSpec,
  type SourceDefinition,
} from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

export const BOK_ECOS_API_KEY = 'BOK_ECOS_API_KEY';

/** ECOS's key, which it takes as a path segment: the sync masks it wherever the URL is kept or shown (redactUrl). */
const BOK_CREDENTIAL: CredentialSpec = {
  env: BOK_ECOS_API_KEY,
  required: true,
  howToGet: 'free: sign up to the Bank of Korea ECOS Open API and apply for a key at https://ecos.bok.or.kr/api/#/AuthKeyApply',
};

/** ECOS's answer when no row matches: not a failure, nothing to read. */
const NO_DATA = 'INFO-200';

const FILE_NAME = 'kospi.json';

const BokKospiParams = Type.Object(
  {
    /** The first day asked on the first run (YYYY-MM-DD); absent, the KOSPI's base day, 1980-01-04: ECOS answers every day it holds. */
    from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    /** Rows asked a request (ECOS's start and end row numbers). */
    pageSize: Type.Integer({ minimum: 1, maximum: 10_000 }),
  },
  { additionalProperties: false },
);

const compact = (day: string): string => day.replaceAll('-', '');

/** Today in Seoul, the last day asked: ECOS dates the KOSPI by the Korea Exchange's trading day. */
function seoulDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(now);
}

/** ECOS's answer that is no page of rows (`{"RESULT": {"CODE", "MESSAGE"}}`): any object without RESULT fits too. */
const ResultEnvelopeSchema = Type.Object({ RESULT: Type.Optional(Type.Object({ CODE: Type.String(), MESSAGE: Type.Optional(Type.String()) })) });

/** One page of ECOS's answer, its error answer refused quoting it; INFO-200 (no data) is no rows. */
function statisticSearchPage(body: Buffer): { total: number; rows: EcosRow[] } {
  const document = readJsonDocument(ResultEnvelopeSchema, body, FILE_NAME);
  const result = document.RESULT;
  if (result !== undefined) {
    if (result.CODE === NO_DATA) return { total: 0, rows: [] };
    throw new ImportError(`${FILE_NAME}: ECOS answered ${result.CODE}: ${result.MESSAGE ?? 'no message'}`);
  }
  const page = checkDocument(StatisticSearchSchema, document, FILE_NAME).StatisticSearch;
  const total = Number(page.list_total_count);
  if (!Number.isInteger(total) || total < 0) throw new ImportError(`${FILE_NAME}: list_total_count ${JSON.stringify(page.list_total_count)} is not a count`);
  return { total, rows: page.row };
}

/** The cursor's newest day loaded, if it holds a real one. */
function throughDay(cursor: CollectContext['cursor']): string | undefined {
  const value = cursor?.through;
  return typeof value === 'string' ? calendarDate(value) : undefined;
}

/**
 * The KOSPI's daily close from the Bank of Korea's ECOS Open API: `GET
 * /api/StatisticSearch/{key}/json/kr/{first row}/{last row}/802Y001/D/{from}/{to}/0001000`,
 * every page (`pageSize` rows each) until `list_total_count` rows are read. The first run asks
 * from `from`; later runs from the newest day loaded, that day included (a close ECOS corrected
 * is read again), to today in Seoul.
 */
export const bokKospiSource = defineSource({
  id: 'bok-kospi',
  publisher: 'bok',
  description: 'KOSPI daily close from the Bank of Korea ECOS Open API (table 802Y001, item 0001000; the Korea Exchange its source)',
  defaultBaseUrl: 'https://ecos.bok.or.kr',
  // The Korea Exchange closes at 15:30 KST; ECOS carries the day's close the next business day.
  defaultSchedule: '0 9 * * 1-6',
  timeZone: 'Asia/Seoul',
  params: BokKospiParams,
  defaultParams: { pageSize: 1000 },
  credentials: [BOK_CREDENTIAL],
  importers: [bokKospiImporter],
  feeds: [storedFacts.close('index:KOSPI')],
  minRequestIntervalMs: 1000,
  async collect(context): Promise<CollectResult> {
    const through = throughDay(context.cursor);
    const from = through ?? context.params.from ?? '1980-01-04';
    const to = seoulDay(context.now);
    const key = encodeURIComponent(context.credentials[BOK_ECOS_API_KEY] ?? '');
    const { pageSize } = context.params;
    const rows: EcosRow[] = [];
    const archiveHashes: string[] = [];
    const limits = payloadLimits();
    for (let first = 1, total = 1; first <= total; first += pageSize) {
      const path = `api/StatisticSearch/${key}/json/kr/${first}/${first + pageSize - 1}/${ECOS_KOSPI.table}/D/${compact(from)}/${compact(to)}/${ECOS_KOSPI.item}`;
      const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/${path}` });
      archiveHashes.push(answer.archiveHash);
      const page = statisticSearchPage(answer.body);
      rows.push(...page.rows);
      total = page.total;
      if (total > limits.maxRows || rows.length > limits.maxRows)
        throw new ImportError(`${FILE_NAME}: ECOS lists ${total} rows, more than ${limits.maxRows} (${LIMIT_SETTINGS.maxRows.name})`);
      if (page.rows.length === 0) break;
    }
    const closes = bokKospiCloses(rows, FILE_NAME);
    const newest = closes.reduce<string | undefined>((latest, close) => (latest === undefined || close.date > latest ? close.date : latest), through);
    if (closes.length === 0) return { payloads: [], cursor: context.cursor };
    return { payloads: [parsedPayload(bokKospiImporter, closes, { fileName: FILE_NAME, archiveHashes })], cursor: { through: newest } };
  },
});

export const bokSources: SourceDefinition[] = [bokKospiSource];
