/**
 * The operator's observations file (docs/data-sources.md, "Loading licensed data"): a CSV with
 * the heading `fact,key,period,value[,knowledge_at]` and one figure per line. `fact` is an
 * observation family (`index.close`, `macro`, `etf.nav`…), or a family and one of its figures
 * (`etf.nav.totalNetAssets`); `key` the family's key (`UKX`, `us.pmi.manufacturing`, a fund's
 * code); `period` in the family's form; `value` a number, or empty for a figure published
 * without one (null, never 0); `knowledge_at` when the hub learned it, for the families that keep
 * a knowledge time per figure (the release's otherwise).
 */
import type { FactFamily } from '../../../facts/families.ts';
import { calendarDate, calendarMonth, calendarPeriod, isoDateTime } from '../../calendar-dates.ts';
import { csvCells } from '../../csv.ts';
import type { NumberedLine } from '../../file-lines.ts';
import { ImportError, type LineImporter } from '../../source.ts';
import { OBSERVATION_TABLES, type ObservationTable, type PeriodForm } from './observation-tables.ts';
import { familiesOf, OPERATOR_SOURCE, servedKeysText, servesKey } from './operator-facts.ts';
import { loadObservationLines, type ObservationLine } from './staged-observations.ts';

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** What a `fact` cell names: a family, its table and one of its figures. */
interface NamedFigure {
  family: FactFamily;
  table: ObservationTable;
  figure: string;
}

const OBSERVATION_FAMILIES = familiesOf('observations');
const LONGEST_FIRST = [...OBSERVATION_FAMILIES].sort((a, b) => b.name.length - a.name.length);

/** Every fact name the file accepts, for a refusal's message. */
export function observationFactNames(): string[] {
  return OBSERVATION_FAMILIES.flatMap((family) => {
    const table = OBSERVATION_TABLES[family.name];
    if (table === undefined) return [];
    return [
      family.name,
      ...table.figures.filter((figure) => figure.name !== table.main || table.figures.length > 1).map((figure) => `${family.name}.${figure.name}`),
    ];
  });
}

function namedFigure(fact: string, where: string): NamedFigure {
  // The longest family name the fact starts with: `etf.nav.totalNetAssets` is etf.nav's.
  const family = LONGEST_FIRST.find((candidate) => fact === candidate.name || fact.startsWith(`${candidate.name}.`));
  const unknown = () => new ImportError(`${where}: unknown fact "${fact}"; an observations file names one of ${observationFactNames().join(', ')}`);
  if (family === undefined) throw unknown();
  const table = OBSERVATION_TABLES[family.name];
  if (table === undefined)
    throw new ImportError(`${where}: ${family.name} is not loaded by an observations file yet; the facts it loads are ${observationFactNames().join(', ')}`);
  const figure = fact === family.name ? table.main : fact.slice(family.name.length + 1);
  if (!table.figures.some((candidate) => candidate.name === figure)) throw unknown();
  return { family, table, figure };
}

const PERIOD_FORMS: Record<PeriodForm, { read: (text: string) => string | undefined; shown: string }> = {
  date: { read: (text) => calendarDate(text), shown: 'a date (YYYY-MM-DD)' },
  instant: {
    read: (text) => (text.includes('T') ? isoDateTime(text) : calendarDate(text) === undefined ? undefined : `${text}T00:00:00.000Z`),
    shown: 'an ISO date-time with its zone, or a date',
  },
  calendar: { read: (text) => calendarPeriod(text), shown: 'a calendar period (YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD)' },
  month: { read: (text) => calendarMonth(text), shown: 'a month (YYYY-MM)' },
  year: { read: (text) => (/^\d{4}$/.test(text) ? text : undefined), shown: 'a year (YYYY)' },
};

const HEADING = 'fact,key,period,value[,knowledge_at]';

/** One line of the file after the heading, checked on its own; throws naming the line. */
function observationLine(cells: readonly string[], line: number, where: string): ObservationLine {
  const [fact = '', key = '', periodText = '', valueText = '', knowledgeText = ''] = cells;
  const { family, table, figure } = namedFigure(fact, where);
  if (table.servedKeys && !servesKey(family, key))
    throw new ImportError(`${where}: ${family.name} has no key "${key}"; its keys are ${servedKeysText(family)}`);
  const keyProblem = table.keyProblem?.(family.name, key);
  if (keyProblem !== undefined) throw new ImportError(`${where}: ${keyProblem}`);
  const form = PERIOD_FORMS[table.period];
  const period = form.read(periodText);
  if (period === undefined) throw new ImportError(`${where}: period "${periodText}" of ${family.name} must be ${form.shown}`);
  if (valueText !== '' && !NUMBER.test(valueText)) throw new ImportError(`${where}: value "${valueText}" is not a number`);
  const spec = table.figures.find((candidate) => candidate.name === figure);
  if (valueText === '' && spec?.nullable !== true)
    throw new ImportError(`${where}: ${fact} needs a value (the store holds no figure-less ${fact}; leave the line out)`);
  let knowledgeAt: string | undefined;
  if (knowledgeText !== '') {
    if (!table.knowledgeAt)
      throw new ImportError(`${where}: ${family.name} keeps no knowledge time per figure (asOf reads its dates): leave knowledge_at empty`);
    knowledgeAt = isoDateTime(knowledgeText);
    if (knowledgeAt === undefined) throw new ImportError(`${where}: knowledge_at "${knowledgeText}" is not an ISO date-time with its zone`);
  }
  return { line, family: family.name, key, period, figure, value: valueText === '' ? null : Number(valueText), knowledgeAt, fact, periodText };
}

/**
 * The file's figure lines, one at a time, each checked on its own; throws naming the first bad
 * line. What a line is checked against other lines and the store for is staged-observations.ts's.
 */
export async function* observationLines(lines: AsyncIterable<NumberedLine>, fileName: string): AsyncGenerator<ObservationLine> {
  let columns: number | undefined;
  let figures = 0;
  for await (const { line, text } of lines) {
    const where = `${fileName}:${line}`;
    if (text.trim() === '') continue;
    const cells = csvCells(text);
    if (columns === undefined) {
      const names = cells.map((cell) => cell.toLowerCase()).join(',');
      if (names !== 'fact,key,period,value' && names !== 'fact,key,period,value,knowledge_at')
        throw new ImportError(`${where}: the heading must be ${HEADING}`);
      columns = cells.length;
      continue;
    }
    if (cells.length !== columns) throw new ImportError(`${where}: ${cells.length} cells, expected ${columns}`);
    yield observationLine(cells, line, where);
    figures++;
  }
  if (columns === undefined) throw new ImportError(`${fileName}:1: the heading must be ${HEADING}`);
  if (figures === 0) throw new ImportError(`${fileName}: no observations after the heading`);
}

export const operatorObservationsImporter: LineImporter<ObservationLine> = {
  dataset: 'operator-observations',
  datasets: ['instruments', 'macro', 'crypto', 'etf', 'equities', 'real-estate'],
  description: "Operator's observations CSV (fact,key,period,value[,knowledge_at]): licensed closes, statistics, NAVs, prices",
  source: OPERATOR_SOURCE,
  records: observationLines,
  load: loadObservationLines,
};
