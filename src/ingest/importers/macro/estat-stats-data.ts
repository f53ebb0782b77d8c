import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson, withoutByteOrderMark } from '../../canonical-content.ts';
import { loadObservations, type NumberedObservation } from '../../observation-batches.ts';
import { withdrawnPeriods } from './whole-history.ts';
import { monthLabel, quarterLabel } from '../../../kernel/dates.ts';
import { Type, type Static, type TSchema } from 'typebox';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { macroFact } from '../../figure-facts.ts';
import { checkedDate, checkedFigure, publisherFigure } from '../../publisher-figures.ts';

/** A macro series key of the hub (`jp.cpi`, `jp.gdp.real`): the file name without `.json`. */
const SERIES_FILE = /^([a-z]{2}(?:\.[a-z0-9-]+)+)\.json$/;
/** Marks e-Stat prints for a figure it does not give; the answer's DATA_INF.NOTE lists those it used. */
const NO_FIGURE = new Set(['-', '***', '…', 'x', 'X']);
/** Person counts e-Stat gives in ten thousands or thousands (a value's `@unit`): the hub counts persons, as it stores FRED's POPTHM. */
const PERSONS_PER_UNIT: Record<string, number> = { 万人: 10_000, 千人: 1_000 };
/** Quarters as e-Stat's time codes span them: first and last month. */
const QUARTER_SPANS: Record<string, number> = { '0103': 1, '0406': 2, '0709': 3, '1012': 4 };

/** An observation and its place in the answer (`jp.cpi.json: VALUE[3]`), for the messages of a refused answer; never stored. */
type PlacedObservation = NumberedObservation & { where: string };

interface ParsedAnswer {
  fileName: string;
  /** `line` is the figure's place in DATA_INF.VALUE, counted from 1. */
  observations: PlacedObservation[];
}

/** e-Stat gives a one-element list as the element itself. */
const oneOrMore = <T extends TSchema>(item: T) => Type.Union([item, Type.Array(item)]);
const listOf = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Every answer's RESULT: STATUS 0 is a normal end; 1 (no data matched), 2 (partly) and 100+
 * (errors: a bad appId, an unknown table) are not, and an error answer has nothing else.
 */
export const EstatResultSchema = Type.Object({
  GET_STATS_DATA: Type.Object({ RESULT: Type.Object({ STATUS: Type.Union([Type.Number(), Type.String()]), ERROR_MSG: Type.Optional(Type.String()) }) }),
});

/** One figure: `@time`, the text `$`, an `@unit` where the table has one, and its other dimensions (`@tab`, `@cat01`, `@area`…). */
const ValueSchema = Type.Object({ '@time': Type.String(), $: Type.String(), '@unit': Type.Optional(Type.String()) });
export const EstatValuesSchema = oneOrMore(ValueSchema);
type Value = Static<typeof ValueSchema>;

/** What the hub reads of a normal end: the time class's names (CLASS_INF, sent with metaGetFlg=Y), the marks NOTE lists, the values. */
const StatisticalDataSchema = Type.Object({
  CLASS_INF: Type.Optional(
    Type.Object({
      CLASS_OBJ: oneOrMore(
        Type.Object({ '@id': Type.String(), CLASS: Type.Optional(oneOrMore(Type.Object({ '@code': Type.String(), '@name': Type.String() }))) }),
      ),
    }),
  ),
  DATA_INF: Type.Object({ NOTE: Type.Optional(oneOrMore(Type.Object({ '@char': Type.String() }))), VALUE: Type.Optional(EstatValuesSchema) }),
});
const AnswerSchema = Type.Object({ GET_STATS_DATA: Type.Object({ STATISTICAL_DATA: StatisticalDataSchema }) });
type StatisticalData = Static<typeof StatisticalDataSchema>;

/**
 * The period of an e-Stat time code. Standard codes are `YYYY` + a two-digit kind + the first
 * and last month: `2024000303` is March 2024, `2024000103` the first quarter; `YYYY000000` (a
 * year) and `YYYY100000` (a fiscal year) are aggregates of the months, not figures of the
 * series (undefined). Tables with sequence codes (METI's industrial production, `0519700`) name
 * the month `YYYYMM` in their time class; a class that names no month (a weight row) is no
 * figure either.
 */
function periodOf(code: string, timeNames: Map<string, string>, where: string): string | undefined {
  const standard = /^(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(code);
  if (standard !== null) {
    const [, year = '', kind = '', first = '', last = ''] = standard;
    if (first === '00' && last === '00' && (kind === '00' || kind === '10')) return undefined;
    const from = Number(first);
    if (kind === '00' && first === last && from >= 1 && from <= 12) return monthLabel(Number(year) * 12 + from - 1);
    const quarter = QUARTER_SPANS[first + last];
    if (kind === '00' && quarter !== undefined) return quarterLabel(Number(year) * 4 + quarter - 1);
    throw new ImportError(`${where}: time code "${code}" is not a month, a quarter or a year`);
  }
  const name = timeNames.get(code);
  if (name === undefined) throw new ImportError(`${where}: time code "${code}" is neither e-Stat's YYYY00MMMM nor a code of the answer's time class`);
  const month = /^(\d{4})(\d{2})$/.exec(name);
  if (month === null) return undefined;
  const number = Number(month[2]);
  if (number < 1 || number > 12) throw new ImportError(`${where}: time "${name}" is not a month`);
  return monthLabel(Number(month[1]) * 12 + number - 1);
}

function statisticalData(parsed: unknown, fileName: string): StatisticalData {
  const { RESULT: result } = checkDocument(EstatResultSchema, parsed, fileName).GET_STATS_DATA;
  if (result.STATUS !== 0 && result.STATUS !== '0')
    throw new ImportError(`${fileName}: e-Stat answered STATUS ${JSON.stringify(result.STATUS)}: ${result.ERROR_MSG ?? 'no message'}`);
  return checkDocument(AnswerSchema, parsed, fileName).GET_STATS_DATA.STATISTICAL_DATA;
}

/** Names of the time class's codes. */
function timeClassNames(data: StatisticalData): Map<string, string> {
  const names = new Map<string, string>();
  for (const classObject of listOf(data.CLASS_INF?.CLASS_OBJ)) {
    if (classObject['@id'] !== 'time') continue;
    for (const entry of listOf(classObject.CLASS)) names.set(entry['@code'], entry['@name']);
  }
  return names;
}

/** Every dimension of a value but time (`@tab`, `@cat01`, `@area`, …): the selection it belongs to. */
const selectionOf = (value: Value): string =>
  Object.entries(value)
    .filter(([name]) => name.startsWith('@') && name !== '@time' && name !== '@unit')
    .map(([name, code]) => `${name}=${String(code)}`)
    .sort()
    .join(',');

/**
 * e-Stat API 3.0 `getStatsData` in JSON (GET_STATS_DATA.STATISTICAL_DATA.DATA_INF.VALUE, each
 * value `{"@tab", "@cat01"…, "@time", "$"}`), narrowed by its request to ONE series of the hub,
 * which the file name names (`jp.cpi.json`). A figure e-Stat marks as not given (`-`, `***`, or
 * another mark its NOTE lists) is null, never 0; a count of persons in 万人 or 千人 is stored in
 * persons; values of more than one selection mean the request's narrowing did not pin one
 * series, and the answer is refused. Each figure is held to the figure rules of the series and
 * its period to the date rule when the answer is loaded, naming its place in VALUE.
 */
export const estatStatsDataImporter: Importer<ParsedAnswer> = {
  dataset: 'estat-stats-data',
  datasets: ['macro'],
  description: 'One macro series from an e-Stat API 3.0 getStatsData JSON answer; the file is named after the series (jp.cpi.json)',
  source: 'e-Stat (Portal Site of Official Statistics of Japan)',
  // The answer's RESULT.DATE is the time of the request: an answer that differs in it alone holds the same figures.
  canonicalForm: (content) => {
    const answer = JSON.parse(withoutByteOrderMark(content)) as { GET_STATS_DATA?: { RESULT?: { DATE?: unknown } } };
    delete answer.GET_STATS_DATA?.RESULT?.DATE;
    return canonicalJson(JSON.stringify(answer));
  },
  parse: (content, fileName) => estatObservations(readJsonDocument(EstatResultSchema, content, fileName), fileName),
  // An answer is its series' whole table: the periods another table stored (a CPI of the previous base) are withdrawn, so no series mixes two bases.
  async load(db, parsed, release) {
    for (const { row, where } of parsed.observations) checkedDate(row.period, macroFact(row.series), release.knowledgeAt, where);
    const withdrawn = await withdrawnPeriods(
      db,
      parsed.observations.map((observation) => observation.row),
      release,
      parsed.fileName,
    );
    async function* observations(): AsyncIterable<NumberedObservation> {
      yield* parsed.observations;
      for (const row of withdrawn) yield { line: 0, row };
    }
    return loadObservations(db, observations(), release, parsed.fileName);
  },
};

/** The series' observations of a getStatsData answer already read (one page, or every page's VALUE merged). */
export function estatObservations(document: unknown, fileName: string): ParsedAnswer {
  const series = SERIES_FILE.exec(fileName)?.[1];
  if (series === undefined) throw new ImportError(`${fileName}: the file name must be the series key it fills, such as jp.cpi.json`);
  const data = statisticalData(document, fileName);
  const noted = new Set(listOf(data.DATA_INF.NOTE).map((note) => note['@char']));
  const timeNames = timeClassNames(data);
  let selection: string | undefined;
  const fact = macroFact(series);
  const observations: PlacedObservation[] = [];
  listOf(data.DATA_INF.VALUE).forEach((value, i) => {
    const where = `${fileName}: VALUE[${i}]`;
    const own = selectionOf(value);
    selection ??= own;
    if (own !== selection)
      throw new ImportError(`${where}: ${own} is another series than ${selection}; narrow the request (cdTab, cdCat01, cdArea…) to one series`);
    const period = periodOf(value['@time'], timeNames, where);
    if (period === undefined) return;
    const mark = value.$.trim();
    const persons = value['@unit'] === undefined ? undefined : PERSONS_PER_UNIT[value['@unit']];
    const figure = NO_FIGURE.has(mark) || noted.has(mark) ? null : publisherFigure(value.$, fact, where);
    const stored = figure === null || persons === undefined ? figure : checkedFigure(Math.round(figure * persons), fact, where);
    observations.push({ line: i + 1, row: { series, period, value: stored, marker: null }, where });
  });
  if (observations.length === 0) throw new ImportError(`${fileName}: the answer has no monthly or quarterly figures`);
  return { fileName, observations };
}
