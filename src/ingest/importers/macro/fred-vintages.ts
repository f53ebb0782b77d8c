import { basename } from 'node:path';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { readSeries, recordObservations } from '../../../store/vintage.ts';
import { describeFacts, type SeriesDescription } from '../../../store/release-facts.ts';
import { storedFacts } from '../../../facts/names.ts';
import { roundTo } from '../../../kernel/numbers.ts';
import { datedObservations, macroFact, type LocatedObservation } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';
import { FRED_MACRO_SERIES, findFredMacroSeries, type FredFrequency, type FredMacroSeries } from './fred-macro-series.ts';
import { Type } from 'typebox';
import { FredEnvelopeSchema, FredVintageObservationSchema, refuseFredError } from '../../fred-answer.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';

/** ALFRED's end of a real-time period still in force. */
export const REALTIME_OPEN_END = '9999-12-31';

/** One row of FRED's `observations`: `value` was known from `realtimeStart` to `realtimeEnd`. */
export interface FredVintageObservation {
  realtimeStart: string;
  realtimeEnd: string;
  date: string;
  /** FRED's decimal text, or `"."` for a period without a figure. */
  value: string;
  /** The observation's place in FRED's answer (`GDPC1.json: observation 12`), for the messages of a refused answer. */
  where: string;
}

function realtimeDate(text: string, name: string, where: string): string {
  if (text !== REALTIME_OPEN_END && calendarDate(text) === undefined) throw new ImportError(`${where}: ${name} "${text}" is not a calendar date (YYYY-MM-DD)`);
  return text;
}

/** What the hub reads of FRED's answer with a real-time period: `count` checks that no page was lost. */
const VintagesAnswerSchema = Type.Object({ count: Type.Number(), observations: Type.Array(FredVintageObservationSchema) });

/**
 * FRED's `GET /fred/series/observations?…&realtime_start=…&realtime_end=…&file_type=json` answer
 * (https://fred.stlouisfed.org/docs/api/fred/series_observations.html): an object with `count`
 * and `observations`, each `{realtime_start, realtime_end, date, value}`. With a real-time
 * period (ALFRED) a date appears once per value it had, each with the days that value was in
 * force. FRED's error answer (`error_code`, `error_message`) is refused quoting its message.
 */
export function readFredAnswer(content: string, fileName: string): FredVintageObservation[] {
  const document = readJsonDocument(FredEnvelopeSchema, content, fileName);
  refuseFredError(document, fileName);
  return fredAnswerObservations(document, fileName);
}

/** The observations of FRED's answer already read as JSON (one page, or every page merged), its error answer refused before. */
export function fredAnswerObservations(document: unknown, fileName: string): FredVintageObservation[] {
  const { observations, count } = checkDocument(VintagesAnswerSchema, document, fileName);
  // A page cut short (a lost page, a limit) would read as figures FRED never withdrew.
  if (observations.length !== count) throw new ImportError(`${fileName}: ${observations.length} observations where FRED counts ${count}`);
  const seen = new Set<string>();
  return observations.map((row, index) => {
    const where = `${fileName}: observation ${index + 1}`;
    const { date, value } = row;
    if (calendarDate(date) === undefined) throw new ImportError(`${where}: date "${date}" is not a calendar date (YYYY-MM-DD)`);
    const realtimeStart = realtimeDate(row.realtime_start, 'realtime_start', where);
    const realtimeEnd = realtimeDate(row.realtime_end, 'realtime_end', where);
    if (realtimeEnd < realtimeStart) throw new ImportError(`${where}: realtime_end ${realtimeEnd} is before realtime_start ${realtimeStart}`);
    const key = `${date}|${realtimeStart}`;
    if (seen.has(key)) throw new ImportError(`${where}: ${date} is given twice from ${realtimeStart}`);
    seen.add(key);
    return { realtimeStart, realtimeEnd, date, value, where };
  });
}

/** FRED's first day of a period → the hub's period at the series' frequency. */
function periodOfDate(date: string, frequency: FredFrequency): string | undefined {
  const [year = '', month = '', day = ''] = date.split('-');
  switch (frequency) {
    case 'day':
      return date;
    case 'month':
      return day === '01' ? `${year}-${month}` : undefined;
    case 'quarter':
      return day === '01' && ['01', '04', '07', '10'].includes(month) ? `${year}-Q${(Number(month) - 1) / 3 + 1}` : undefined;
    case 'year':
      return month === '01' && day === '01' ? year : undefined;
  }
}

/** The hub's period of each observation; a date that does not start a period of the series' frequency is refused. */
export function observationPeriods(observations: readonly FredVintageObservation[], entry: FredMacroSeries): string[] {
  return observations.map((observation) => {
    const period = periodOfDate(observation.date, entry.frequency);
    if (period === undefined)
      throw new ImportError(`${observation.where}: date ${observation.date} is not the first day of a ${entry.frequency} (${entry.id})`);
    return period;
  });
}

/** FRED's figure held to the figure rules of the series, in the hub's unit; `"."` is none. */
function figureOf(value: string, entry: FredMacroSeries, where: string): number | null {
  if (value === '.') return null;
  const figure = publisherFigure(value, macroFact(entry.series), where);
  const scale = entry.scale ?? 1;
  const decimals = value.split('.')[1]?.length ?? 0;
  return roundTo(figure * scale, Math.max(0, decimals - Math.round(Math.log10(scale))));
}

/** The release a vintage is: its figures were known from `realtime_start`, at 00:00 UTC. */
export const vintageKnowledgeAt = (realtimeStart: string): string => `${realtimeStart}T00:00:00.000Z`;

/** The name of one series' vintage file: `GDPC1.2024-04-25.json`. */
export const vintageFileName = (id: string, realtimeStart: string): string => `${id}.${realtimeStart}.json`;

function seriesOfFile(fileName: string): { entry: FredMacroSeries; realtimeStart: string | undefined } {
  const match = /^([A-Z0-9_]+)(?:\.(\d{4}-\d{2}-\d{2}))?\.json$/i.exec(basename(fileName));
  const entry = match === null ? undefined : findFredMacroSeries(match[1] ?? '');
  if (match === null || entry === undefined) {
    throw new ImportError(
      `${fileName}: the file name must be a FRED series id the hub maps (${FRED_MACRO_SERIES.map((s) => s.id).join(', ')}), as GDPC1.json or GDPC1.2024-04-25.json`,
    );
  }
  return { entry, realtimeStart: match[2] };
}

export interface FredVintage {
  series: string;
  /** The day every figure of the file became known. */
  realtimeStart: string;
  rows: LocatedObservation[];
  /** FRED's description of the series (fred/series), kept with the release when it writes figures. */
  description?: SeriesDescription;
}

/**
 * One vintage of one series: FRED's answer holding only observations that start being in force
 * on the same day (the source splits an ALFRED answer so). Each becomes a version known from
 * that day; `"."` is a period published without a figure (null, never 0).
 */
export function parseFredVintage(content: string, fileName: string): FredVintage {
  return fredVintage(readFredAnswer(content, fileName), fileName);
}

/** One vintage of the series `fileName` names, from its observations (all of one realtime_start), with FRED's description of the series when given. */
export function fredVintage(observations: readonly FredVintageObservation[], fileName: string, description?: SeriesDescription): FredVintage {
  const { entry, realtimeStart: named } = seriesOfFile(fileName);
  const first = observations[0];
  if (first === undefined) throw new ImportError(`${fileName}: no observations`);
  const realtimeStart = first.realtimeStart;
  if (named !== undefined && named !== realtimeStart)
    throw new ImportError(`${fileName}: the file is named for ${named} but its figures start on ${realtimeStart}`);
  const periods = observationPeriods(observations, entry);
  const rows = observations.map((observation, index) => {
    if (observation.realtimeStart !== realtimeStart) {
      throw new ImportError(
        `${observation.where}: realtime_start ${observation.realtimeStart} differs from the file's ${realtimeStart}; one file holds one vintage`,
      );
    }
    return {
      series: entry.series,
      period: periods[index] ?? '',
      value: figureOf(observation.value, entry, observation.where),
      marker: null,
      where: observation.where,
    };
  });
  return { series: entry.series, realtimeStart, rows, ...(description === undefined ? {} : { description }) };
}

const sameFigure = (a: { value: number | null; marker: string | null }, b: { value: number | null; marker: string | null }) =>
  a.value === b.value && a.marker === b.marker;

export const fredVintagesImporter: Importer<FredVintage> = {
  dataset: 'fred-vintages',
  datasets: ['macro'],
  description: 'FRED/ALFRED series/observations JSON of one vintage of a US macro series, saved as GDPC1.2024-04-25.json (knowledge time: that day, 00:00 UTC)',
  source: 'Federal Reserve Bank of St. Louis, FRED/ALFRED',
  canonicalForm: canonicalJson,
  parse: parseFredVintage,
  /**
   * Writes the figures that differ from the version in force on the vintage's day: an ALFRED
   * answer asked from a later day repeats, from that day, every figure still in force, and
   * storing those again would copy the whole series at each sync without changing any answer.
   * Every period is first held to the date rule at the vintage's day, naming its observation.
   * FRED's description, when the vintage carries one, is kept with the release's fact.
   */
  async load(db, vintage, release) {
    const knowledgeAt = vintageKnowledgeAt(vintage.realtimeStart);
    if (release.knowledgeAt !== knowledgeAt) {
      throw new ImportError(
        `the vintage of ${vintage.realtimeStart} must be imported with knowledge time ${knowledgeAt} (got ${release.knowledgeAt}; fdh import --knowledge-at ${knowledgeAt}), so that asOf reads it from that day`,
      );
    }
    const rows = datedObservations(vintage.rows, knowledgeAt);
    const periods = rows.map((row) => row.period).sort();
    const held = await readSeries(db, { series: [vintage.series], cutoff: knowledgeAt, fromPeriod: periods[0], toPeriod: periods.at(-1) });
    const inForce = new Map((held.get(vintage.series) ?? []).map((figure) => [figure.period, figure]));
    const changed = rows.filter((row) => {
      const figure = inForce.get(row.period);
      return figure === undefined || !sameFigure(figure, row);
    });
    if (vintage.description !== undefined) describeFacts(db, new Map([[storedFacts.macro(vintage.series), vintage.description]]));
    return changed.length === 0 ? 0 : recordObservations(db, release, changed);
  },
};
