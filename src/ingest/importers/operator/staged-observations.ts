/**
 * An observations file on its way to the store. Its lines are staged, as they stream in, in a
 * temporary table of the release's transaction; each family's rows are then read back in
 * (key, period) order and handed to its table's writer a batch at a time. So a row whose figures
 * the file gives on lines far apart is whole, a close file's series is whole between its first
 * and last date, whatever the order of the lines; memory holds a batch, not the file; and each
 * line costs the same whatever the file's size. A failure anywhere rolls the transaction back,
 * the staged lines with it.
 *
 * A line is compared with the others once all are staged (an index built at once costs a
 * fraction of one kept up line by line): the first line repeating a figure, or giving its row a
 * second knowledge time, is one query. Keys naming what the store lacks (a fund it does not
 * describe) are looked up batch by batch as they stream. Of a line's own problems, a repeat and
 * a key the store lacks, the first in the file is refused, naming its line; a row without its
 * required figure (one query more) only after them, as before the lines were staged.
 */
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { ImportError } from '../../import-error.ts';
import type { ReleaseInfo } from '../../source.ts';
import { OBSERVATION_TABLES, type ObservationGroup, type ObservationTable } from './observation-tables.ts';

/** One figure line of an observations file, checked on its own (observations.ts). */
export interface ObservationLine {
  line: number;
  family: string;
  key: string;
  /** In the family's stored form. */
  period: string;
  figure: string;
  value: number | null;
  knowledgeAt: string | undefined;
  /** The `fact` and `period` cells as written, for messages. */
  fact: string;
  periodText: string;
}

const STAGE = 'operator_observation_line';

interface StagedLine {
  line: number;
  family: string;
  key: string;
  period: string;
  figure: string;
  value: number | null;
  knowledge_at: string | null;
  /** The line's `fact` and `period` cells as written, for a repeat's message. */
  fact: string;
  period_text: string;
}

type Staging = Transaction<Database & { [STAGE]: StagedLine }>;

/** Lines staged, and their keys looked up in the store, per statement. */
export const STAGE_BATCH_LINES = 1000;
/** Staged lines read back per statement. */
export const READ_PAGE_LINES = 5000;
/** Rows handed to a table's writer at once (more when one series is longer). */
const WRITE_BATCH_ROWS = 5000;

function tableOf(family: string): ObservationTable {
  const table = OBSERVATION_TABLES[family];
  if (table === undefined) throw new Error(`operator observations: ${family} was checked to have a table`);
  return table;
}

/** Stages, checks and writes the lines of one file in the release's transaction; answers the rows written. */
export async function loadObservationLines(
  db: Transaction<Database>,
  lines: AsyncIterable<ObservationLine>,
  release: ReleaseInfo,
  fileName: string,
): Promise<number> {
  const staging: Staging = db.withTables<{ [STAGE]: StagedLine }>();
  await staging.schema
    .createTable(STAGE)
    .temporary()
    .addColumn('line', 'integer', (column) => column.primaryKey())
    .addColumn('family', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('figure', 'text', (column) => column.notNull())
    .addColumn('value', 'double precision')
    .addColumn('knowledge_at', 'text')
    .addColumn('fact', 'text', (column) => column.notNull())
    .addColumn('period_text', 'text', (column) => column.notNull())
    .execute();
  const families = await stageLines(db, staging, lines, fileName);
  await refuseMissingFigures(staging, families, fileName);
  let rows = 0;
  for (const family of families) rows += await writeFamily(db, staging, family, release);
  await staging.schema.dropTable(STAGE).execute();
  return rows;
}

/** Stages every line, refusing the first line at fault; answers the file's families in the order of their first lines. */
async function stageLines(db: Transaction<Database>, staging: Staging, lines: AsyncIterable<ObservationLine>, fileName: string): Promise<string[]> {
  const families = new Set<string>();
  let batch: ObservationLine[] = [];
  /** Stages the batch; answers its first line naming what the store lacks. */
  const flush = async (): Promise<Problem | undefined> => {
    if (batch.length === 0) return undefined;
    await staging
      .insertInto(STAGE)
      .values(
        batch.map(({ line, family, key, period, figure, value, knowledgeAt, fact, periodText }) => ({
          line,
          family,
          key,
          period,
          figure,
          value,
          knowledge_at: knowledgeAt ?? null,
          fact,
          period_text: periodText,
        })),
      )
      .execute();
    const problem = await unreferenced(db, batch);
    batch = [];
    return problem;
  };
  const iterator = lines[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<ObservationLine>;
    try {
      next = await iterator.next();
    } catch (error) {
      // A line before the one refused may repeat an earlier one or name what the store lacks: that refusal comes first.
      if (error instanceof ImportError) await refuseFirst(staging, fileName, await flush());
      throw error;
    }
    if (next.done === true) break;
    families.add(next.value.family);
    batch.push(next.value);
    if (batch.length === STAGE_BATCH_LINES) {
      const problem = await flush();
      if (problem !== undefined) await refuseFirst(staging, fileName, problem);
    }
  }
  await refuseFirst(staging, fileName, await flush());
  return [...families];
}

interface Problem {
  line: number;
  message: string;
}

/**
 * Indexes the staged lines and refuses the first of `problem` and the first line that repeats an
 * earlier one. The lines staged are all those before a line the parse refused, so a line whose
 * problem shows only here comes before it. The statistics are PostgreSQL's: its autovacuum never
 * analyses a temporary table, and without them the planner takes the staged lines for a few
 * hundred and reads each page of them by sorting every line after it.
 */
async function refuseFirst(staging: Staging, fileName: string, problem: Problem | undefined): Promise<void> {
  await staging.schema.createIndex(`${STAGE}_figure`).on(STAGE).columns(['family', 'key', 'period', 'figure']).execute();
  await sql`analyze ${sql.table(STAGE)}`.execute(staging);
  const repeat = await repeated(staging);
  const first = repeat !== undefined && (problem === undefined || repeat.line < problem.line) ? repeat : problem;
  if (first !== undefined) throw new ImportError(`${fileName}:${first.line}: ${first.message}`);
}

type StagedAsB = Database & { [STAGE]: StagedLine; b: StagedLine };

/** The staged lines before line `b` of its row (family, key, period). */
const earlierOfRow = (eb: ExpressionBuilder<StagedAsB, 'b'>) =>
  eb
    .selectFrom(`${STAGE} as s`)
    .whereRef('s.family', '=', 'b.family')
    .whereRef('s.key', '=', 'b.key')
    .whereRef('s.period', '=', 'b.period')
    .whereRef('s.line', '<', 'b.line');

/** The first staged line that gives a figure an earlier line gave, or another knowledge time for its row. */
async function repeated(staging: Staging): Promise<Problem | undefined> {
  const twice = (eb: ExpressionBuilder<StagedAsB, 'b'>) => eb.exists(earlierOfRow(eb).select('s.line').whereRef('s.figure', '=', 'b.figure'));
  const otherTime = (eb: ExpressionBuilder<StagedAsB, 'b'>) =>
    eb.and([
      eb('b.knowledge_at', 'is not', null),
      eb.exists(earlierOfRow(eb).select('s.line').where('s.knowledge_at', 'is not', null).whereRef('s.knowledge_at', '!=', 'b.knowledge_at')),
    ]);
  const row = await staging
    .selectFrom(`${STAGE} as b`)
    .select(['b.line', 'b.family', 'b.key', 'b.fact', 'b.period_text'])
    .select((eb) => [
      twice(eb).as('twice'),
      earlierOfRow(eb)
        .select((inner) => inner.fn.min('s.line').as('first'))
        .as('first'),
    ])
    .where((eb) => eb.or([twice(eb), otherTime(eb)]))
    .orderBy('b.line')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const message = row.twice
    ? `${row.fact} ${row.key} ${row.period_text} appears twice (first on line ${row.first})`
    : `${row.family} ${row.key} ${row.period_text} is given two knowledge times (line ${row.first})`;
  return { line: row.line, message };
}

/**
 * The first line of the batch whose key names what the store does not hold. The ids asked for
 * are padded to the batch's size, so every look-up is one prepared statement whatever the batch.
 */
async function unreferenced(db: Transaction<Database>, batch: readonly ObservationLine[]): Promise<Problem | undefined> {
  let first: Problem | undefined;
  for (const family of new Set(batch.map((line) => line.family))) {
    const reference = tableOf(family).reference;
    if (reference === undefined) continue;
    const lines = batch.filter((line) => line.family === family);
    const ids = [...new Set(lines.map((line) => reference.of(line.key)))];
    const padding = ids[0];
    while (padding !== undefined && ids.length < STAGE_BATCH_LINES) ids.push(padding);
    const held = await reference.held(db, ids);
    const missing = lines.find((line) => !held.has(reference.of(line.key)));
    if (missing !== undefined && (first === undefined || missing.line < first.line))
      first = { line: missing.line, message: reference.missing(family, missing.key) };
  }
  return first;
}

/** Refuses the row (family, key, period) of the earliest first line that lacks a required figure. */
async function refuseMissingFigures(staging: Staging, families: readonly string[], fileName: string): Promise<void> {
  let first: Problem | undefined;
  for (const family of families) {
    const { figures } = tableOf(family);
    // A family of one figure has it in every row its lines make.
    if (figures.length === 1) continue;
    for (const { name } of figures.filter((candidate) => candidate.required)) {
      const row = await staging
        .selectFrom(STAGE)
        .select(['key', 'period'])
        .select((eb) => eb.fn.min('line').as('first_line'))
        .where('family', '=', family)
        .groupBy(['key', 'period'])
        .having((eb) => eb.fn.sum(eb.case().when('figure', '=', name).then(1).else(0).end()), '=', 0)
        .orderBy('first_line')
        .limit(1)
        .executeTakeFirst();
      if (row !== undefined && (first === undefined || row.first_line < first.line)) {
        first = { line: row.first_line, message: `${family} ${row.key} ${row.period} has no ${family}.${name} line (every row needs it)` };
      }
    }
  }
  if (first !== undefined) throw new ImportError(`${fileName}:${first.line}: ${first.message}`);
}

/** The staged rows of `family` in (key, period) order, read a page at a time. */
async function* stagedGroups(staging: Staging, family: string): AsyncGenerator<ObservationGroup> {
  let group: ObservationGroup | undefined;
  let after: { key: string; period: string; figure: string } | undefined;
  for (;;) {
    let page = staging.selectFrom(STAGE).select(['key', 'period', 'figure', 'value', 'knowledge_at']).where('family', '=', family);
    if (after !== undefined) {
      const { key, period, figure } = after;
      page = page.where((eb) => eb(eb.refTuple('key', 'period', 'figure'), '>', eb.tuple(key, period, figure)));
    }
    const rows = await page.orderBy('key').orderBy('period').orderBy('figure').limit(READ_PAGE_LINES).execute();
    for (const row of rows) {
      if (group === undefined || group.key !== row.key || group.period !== row.period) {
        if (group !== undefined) yield group;
        group = { key: row.key, period: row.period, figures: new Map(), knowledgeAt: undefined };
      }
      group.figures.set(row.figure, row.value);
      // The lines of a row give one knowledge time at most (checked as they were staged).
      group.knowledgeAt ??= row.knowledge_at ?? undefined;
    }
    after = rows.at(-1);
    if (rows.length < READ_PAGE_LINES) break;
  }
  if (group !== undefined) yield group;
}

async function writeFamily(db: Transaction<Database>, staging: Staging, family: string, release: ReleaseInfo): Promise<number> {
  const table = tableOf(family);
  let rows = 0;
  let batch: ObservationGroup[] = [];
  for await (const group of stagedGroups(staging, family)) {
    const sameSeries = table.wholeSeries && batch.at(-1)?.key === group.key;
    if (batch.length >= WRITE_BATCH_ROWS && !sameSeries) {
      rows += await table.write(db, batch, release);
      batch = [];
    }
    batch.push(group);
  }
  if (batch.length > 0) rows += await table.write(db, batch, release);
  return rows;
}
