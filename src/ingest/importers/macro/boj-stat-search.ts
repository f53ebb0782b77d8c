import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { calendarMonth } from '../../calendar-dates.ts';
import { loadObservations, type NumberedObservation } from '../../observation-batches.ts';
import { countrySeries } from '../../../domains/macro/series.ts';
import { Type, type Static } from 'typebox';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { macroFact } from '../../figure-facts.ts';
import { checkedFigure } from '../../publisher-figures.ts';

/**
 * The BOJ series the hub stores, by the code of the BOJ Time-Series Data Search (without the
 * database prefix, as the API wants it), with their database and frequency.
 * - STRACLUCON (FM02): "Call Rate, Uncollateralized Overnight/Average", the monthly average the
 *   BOJ computes from its daily FM01 STRDCLUCON.
 * The basic loan rate (IR01 MADR1M) is not read: it is the rate of the complementary lending
 * facility, not the policy rate (0.30 % while the policy rate was −0.10 %, 2016–2024; 0.25 pp
 * above it since). Japan's policy rate is the BIS's (bis-cbpol).
 */
export const BOJ_SERIES: Readonly<Record<string, { db: string; frequency: 'MONTHLY'; series: string }>> = {
  STRACLUCON: { db: 'FM02', frequency: 'MONTHLY', series: countrySeries('JP', 'overnightRate') },
};

/** The answer of `getDataCode` the hub reads: the envelope and one result per series. */
export interface BojAnswer {
  db: string;
  nextPosition: number | null;
  results: { code: string; observations: NumberedObservation[] }[];
}

/** Every answer's envelope: STATUS 200, or an error's 400/500/503 quoted with its MESSAGEID and MESSAGE. */
const StatusSchema = Type.Object({ STATUS: Type.Number(), MESSAGEID: Type.Optional(Type.String()), MESSAGE: Type.Optional(Type.String()) });

/** One series: monthly dates as the number YYYYMM, a missing figure as null. */
const ResultSchema = Type.Object({
  SERIES_CODE: Type.String(),
  FREQUENCY: Type.String(),
  VALUES: Type.Object({ SURVEY_DATES: Type.Array(Type.Number()), VALUES: Type.Array(Type.Union([Type.Number(), Type.Null()])) }),
});

/** A normal end: `PARAMETER` echoes the request (its names in any case), `NEXTPOSITION` is the next page's start or null. */
const AnswerSchema = Type.Object({
  STATUS: Type.Literal(200),
  PARAMETER: Type.Record(Type.String(), Type.Unknown()),
  NEXTPOSITION: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]),
  RESULTSET: Type.Array(ResultSchema),
});

function resultOf(item: Static<typeof ResultSchema>, index: number, db: string, fileName: string): BojAnswer['results'][number] {
  const where = `${fileName}: RESULTSET[${index}]`;
  const code = item.SERIES_CODE;
  const known = BOJ_SERIES[code];
  if (known === undefined) throw new ImportError(`${where}: SERIES_CODE ${JSON.stringify(code)} is none the hub reads (${Object.keys(BOJ_SERIES).join(', ')})`);
  if (known.db !== db) throw new ImportError(`${where}: ${code} is a series of ${known.db}, the answer is of ${db}`);
  if (item.FREQUENCY !== known.frequency) throw new ImportError(`${where}: ${code} FREQUENCY ${JSON.stringify(item.FREQUENCY)}, expected ${known.frequency}`);
  const { SURVEY_DATES: dates, VALUES: figures } = item.VALUES;
  if (dates.length !== figures.length) throw new ImportError(`${where}: ${code} has ${dates.length} SURVEY_DATES and ${figures.length} VALUES`);
  const observations = dates.map((date, at): NumberedObservation => {
    const text = String(date);
    const period = /^\d{6}$/.test(text) ? calendarMonth(`${text.slice(0, 4)}-${text.slice(4)}`) : undefined;
    if (period === undefined) throw new ImportError(`${where}: ${code} SURVEY_DATES[${at}] ${JSON.stringify(date)} is not a month (YYYYMM)`);
    // The BOJ answers null for a period without a figure: a missing figure, never 0.
    const value = figures[at] ?? null;
    const figure = value === null ? null : checkedFigure(value, macroFact(known.series), `${where}: ${code} VALUES[${at}]`);
    return { line: at + 1, row: { series: known.series, period, value: figure, marker: null } };
  });
  return { code, observations };
}

/**
 * The BOJ Time-Series Data Search API's `getDataCode` answer in JSON (api_manual.pdf): `STATUS`
 * (200, or the error's 400/500/503 — the HTTP status is always 200), `MESSAGEID`, `MESSAGE`,
 * `DATE`, `PARAMETER` (the request echoed, `db` among it), `NEXTPOSITION` and `RESULTSET`, a list
 * of `{SERIES_CODE, NAME_OF_TIME_SERIES, UNIT, FREQUENCY, …, VALUES: {SURVEY_DATES, VALUES}}`
 * with monthly dates as the number YYYYMM and a missing figure as null; every figure is held to
 * the figure rules of its series.
 */
export function parseBojAnswer(content: string, fileName: string): BojAnswer {
  const envelope = readJsonDocument(StatusSchema, content, fileName);
  if (envelope.STATUS !== 200)
    throw new ImportError(`${fileName}: the BOJ API answered STATUS ${envelope.STATUS} ${envelope.MESSAGEID ?? ''}: ${envelope.MESSAGE ?? ''}`);
  const document = checkDocument(AnswerSchema, envelope, fileName);
  // Parameter names are case-insensitive to the API; its echo is read the same way.
  const db = Object.entries(document.PARAMETER).find(([name]) => name.toLowerCase() === 'db')?.[1];
  if (typeof db !== 'string') throw new ImportError(`${fileName}: PARAMETER.db is missing`);
  const results = document.RESULTSET.map((item, index) => resultOf(item, index, db.toUpperCase(), fileName));
  return { db: db.toUpperCase(), nextPosition: document.NEXTPOSITION, results };
}

async function* each<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}

export const bojStatSearchImporter: Importer<{ fileName: string; observations: NumberedObservation[] }> = {
  dataset: 'boj-stat-search',
  datasets: ['macro'],
  description: 'BOJ Time-Series Data Search API getDataCode answer (JSON) of the overnight call rate (FM02 STRACLUCON)',
  source: 'Bank of Japan, Time-Series Data Search',
  canonicalForm: canonicalJson,
  parse(content, fileName) {
    const answer = parseBojAnswer(content, fileName);
    if (answer.nextPosition !== null) throw new ImportError(`${fileName}: NEXTPOSITION ${answer.nextPosition}: the answer is one page of several`);
    return { fileName, observations: answer.results.flatMap((result) => result.observations) };
  },
  load: (db, { fileName, observations }, release) =>
    observations.length === 0 ? Promise.resolve(0) : loadObservations(db, each(observations), release, fileName),
};
