import { Type, type TSchema } from 'typebox';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson, withoutByteOrderMark } from '../../canonical-content.ts';
import { loadObservations, type NumberedObservation } from '../../observation-batches.ts';
import { monthLabel } from '../../../kernel/dates.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { macroFact } from '../../figure-facts.ts';
import { checkedDate, publisherFigure } from '../../publisher-figures.ts';

/** A macro series key of the hub (`jp.retail-sales`): the file name without `.json`. */
const SERIES_FILE = /^([a-z]{2}(?:\.[a-z0-9-]+)+)\.json$/;
/** The dashboard's month code: `YYYYMM00` (`20260300` is March 2026). */
const MONTH_CODE = /^(\d{4})(0[1-9]|1[0-2])00$/;
/** The `@cycle` of a monthly figure (1 month, 2 quarter, 3 calendar year, 4 fiscal year). */
const MONTHLY = '1';
/** The dimensions that pin one indicator element: a value of another is another series. */
const ELEMENT = ['@indicator', '@regionCode', '@cycle', '@regionRank', '@isSeasonal'] as const;

/** An observation and its place in the answer (`jp.retail-sales.json: DATA_OBJ[3]`), for the messages of a refused answer; never stored. */
type PlacedObservation = NumberedObservation & { where: string };

interface ParsedAnswer {
  fileName: string;
  /** `line` is the figure's place in DATA_INF.DATA_OBJ, counted from 1. */
  observations: PlacedObservation[];
}

/** The dashboard gives a one-element list as the element itself. */
const oneOrMore = <T extends TSchema>(item: T) => Type.Union([item, Type.Array(item)]);
const listOf = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Every answer's RESULT: status 0 is a normal end; 1 is "no data matched", the others are errors (a bad code or parameter). */
const ResultSchema = Type.Object({
  GET_STATS: Type.Object({ RESULT: Type.Object({ status: Type.Union([Type.String(), Type.Number()]), errorMsg: Type.Optional(Type.String()) }) }),
});

/** One figure: its month `@time`, the text `$` ("" where the dashboard has none) and the dimensions of ELEMENT. */
const ValueSchema = Type.Object({
  '@time': Type.String(),
  $: Type.String(),
  '@indicator': Type.Optional(Type.String()),
  '@regionCode': Type.Optional(Type.String()),
  '@cycle': Type.Optional(Type.String()),
  '@regionRank': Type.Optional(Type.String()),
  '@isSeasonal': Type.Optional(Type.String()),
});
const AnswerSchema = Type.Object({
  GET_STATS: Type.Object({
    STATISTICAL_DATA: Type.Object({ DATA_INF: Type.Object({ DATA_OBJ: Type.Optional(oneOrMore(Type.Object({ VALUE: ValueSchema }))) }) }),
  }),
});

/** The series' monthly observations of a getData answer already read. */
function estatDashboardObservations(content: string, fileName: string): ParsedAnswer {
  const series = SERIES_FILE.exec(fileName)?.[1];
  if (series === undefined) throw new ImportError(`${fileName}: the file name must be the series key it fills, such as jp.retail-sales.json`);
  const document = readJsonDocument(ResultSchema, content, fileName);
  const result = document.GET_STATS.RESULT;
  if (result.status !== '0' && result.status !== 0) {
    throw new ImportError(`${fileName}: the Statistics Dashboard answered status ${JSON.stringify(result.status)}: ${result.errorMsg ?? 'no message'}`);
  }
  const { DATA_OBJ: objects = [] } = checkDocument(AnswerSchema, document, fileName).GET_STATS.STATISTICAL_DATA.DATA_INF;
  let element: string | undefined;
  const fact = macroFact(series);
  const observations = listOf(objects).map(({ VALUE: value }, i): PlacedObservation => {
    const where = `${fileName}: DATA_OBJ[${i}]`;
    const own = ELEMENT.map((name) => `${name}=${String(value[name])}`).join(',');
    element ??= own;
    if (own !== element)
      throw new ImportError(
        `${where}: ${own} is another series than ${element}; narrow the request (IndicatorCode, RegionCode, Cycle, IsSeasonalAdjustment) to one series`,
      );
    if (value['@cycle'] !== MONTHLY) throw new ImportError(`${where}: @cycle ${JSON.stringify(value['@cycle'])} is not monthly (1); ask Cycle=1`);
    const month = MONTH_CODE.exec(value['@time']);
    if (month === null) throw new ImportError(`${where}: time code "${value['@time']}" is not a month (YYYYMM00)`);
    const period = monthLabel(Number(month[1]) * 12 + Number(month[2]) - 1);
    // The dashboard leaves a figure it does not have empty: a missing figure, never 0.
    const figure = value.$.trim() === '' ? null : publisherFigure(value.$, fact, where);
    return { line: i + 1, row: { series, period, value: figure, marker: null }, where };
  });
  if (observations.length === 0) throw new ImportError(`${fileName}: the answer has no figures`);
  return { fileName, observations };
}

/**
 * The Statistics Dashboard Web API's `getData` answer in JSON (`GET_STATS`: `RESULT` {status,
 * errorMsg, date}, `PARAMETER`, `STATISTICAL_DATA` {RESULT_INF, TABLE_INF, CLASS_INF,
 * DATA_INF.DATA_OBJ: [{VALUE: {@indicator, @unit, @stat, @regionCode, @time, @cycle,
 * @regionRank, @isSeasonal, @isProvisional, $}}]}), narrowed by its request to ONE monthly
 * indicator element, which the file name names (`jp.retail-sales.json`). Figures are stored as
 * the dashboard gives them, in the unit its `unit` class names, each held to the figure rules of
 * the series and its month to the date rule when the answer is loaded, naming its place in DATA_OBJ.
 */
export const estatDashboardDataImporter: Importer<ParsedAnswer> = {
  dataset: 'estat-dashboard-data',
  datasets: ['macro'],
  description: 'One monthly macro series from a Statistics Dashboard getData JSON answer; the file is named after the series (jp.retail-sales.json)',
  source: 'Statistics Dashboard (Statistics Bureau of Japan)',
  // RESULT.date is the time of the request: an answer that differs in it alone holds the same figures.
  canonicalForm: (content) => {
    const answer = JSON.parse(withoutByteOrderMark(content)) as { GET_STATS?: { RESULT?: { date?: unknown } } };
    delete answer.GET_STATS?.RESULT?.date;
    return canonicalJson(JSON.stringify(answer));
  },
  parse: estatDashboardObservations,
  async load(db, parsed, release) {
    async function* observations(): AsyncIterable<NumberedObservation> {
      for (const observation of parsed.observations) {
        checkedDate(observation.row.period, macroFact(observation.row.series), release.knowledgeAt, observation.where);
        yield observation;
      }
    }
    return loadObservations(db, observations(), release, parsed.fileName);
  },
};
