import { periodStart } from '../../kernel/dates.ts';
import { InvalidInputError } from '../../kernel/domain-errors.ts';
import { seriesOf } from './series-names.ts';
import type { SeriesPoint } from './series.schemas.ts';

/** The most facts one table answers (contract section 5 E). */
export const MAX_TABLE_FACTS = 20;

/** The ids a `facts` parameter lists, as sent: comma-separated, spaces around each dropped. */
export const listedFacts = (facts: string | undefined): string[] => (facts === undefined || facts === '' ? [] : facts.split(',').map((id) => id.trim()));

/**
 * Refuses the facts a table is asked for with a 400 naming `facts`: too many, an empty id, a
 * repeated one or one that names no series. Whether each is stored is the series' own read's to
 * say (a 404).
 */
export function checkTableFacts(facts: readonly string[]): void {
  if (facts.length > MAX_TABLE_FACTS) throw new InvalidInputError([`facts names ${facts.length} series: a table holds at most ${MAX_TABLE_FACTS}`]);
  const problems: string[] = [];
  facts.forEach((fact, i) => {
    if (fact === '') problems.push(`facts: an id is empty at position ${i + 1} (ids are separated by single commas)`);
    else if (facts.indexOf(fact) < i) problems.push(`facts names ${fact} twice`);
    else {
      const named = seriesOf(fact);
      if (typeof named === 'string') problems.push(`facts: ${named}`);
    }
  });
  if (problems.length > 0) throw new InvalidInputError(problems);
}

/** One date of a table: `date`, then each fact's figure by its id (null where it has none). */
export interface TableRow {
  date: string;
  [fact: string]: string | number | null;
}

/**
 * Series aligned on dates, ascending: a row per date any of them has a figure on, every fact a
 * key of every row. A point is placed on its own date, or, when a `frequency` was asked, on its
 * period's first day: a monthly statistic (dated the 1st) and a monthly close (dated its last
 * trading day) then share a row.
 */
export function alignedRows(series: readonly { fact: string; points: readonly SeriesPoint[] }[], byPeriod: boolean): TableRow[] {
  const noFigures: Record<string, null> = Object.fromEntries(series.map(({ fact }) => [fact, null]));
  const rows = new Map<string, TableRow>();
  for (const { fact, points } of series) {
    for (const point of points) {
      const date = byPeriod ? (periodStart(point.period) ?? point.date) : point.date;
      let row = rows.get(date);
      if (row === undefined) {
        row = { date, ...noFigures };
        rows.set(date, row);
      }
      row[fact] = point.value;
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
