import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database, RowOf, TableName } from './schema.ts';
import { noteRow } from './release-facts.ts';

/** The release a load writes into: every row it writes names it. */
export interface ReleaseInfo {
  id: string;
  dataset: string;
  source: string;
  knowledgeAt: string;
  /** The operator confirmed that the file withdraws more of a series than a file may unasked (`fdh import --confirm-withdrawals`). */
  confirmWithdrawals?: boolean;
}

/**
 * The one batching loader: every importer's and demo generator's rows reach the store through
 * `insertRows`, inside the caller's transaction (a release's, the seed's), so a failure anywhere
 * rolls the whole write back.
 *
 * - SQLite: multi-row `insert … values` statements sized to its limit on bound parameters.
 * - PostgreSQL: one `insert … select * from unnest($1::type[], $2::type[], …)` per batch: a
 *   statement of one array parameter per column whatever the number of rows, so the server
 *   parses and plans it once instead of a 30,000-parameter `values` list (the demo seed's five
 *   million equity bars load 3–5 times faster this way).
 */

export type { RowOf, TableName } from './schema.ts';
type ColumnOf<T extends TableName> = keyof Database[T] & string;
type Writer = Transaction<Database> | Kysely<Database>;

/** What a row whose key the table (or an earlier row of the same stream) already holds does. */
export type OnConflict<T extends TableName> =
  /** The stored row stays and the new one is left out (imported data wins over the demo, a download overlapping an earlier one). */
  | { key: readonly ColumnOf<T>[]; keep: 'stored' }
  /** The new row's `update` columns (all but the key unless given) replace the stored ones. */
  | { key: readonly ColumnOf<T>[]; keep: 'new'; update?: readonly ColumnOf<T>[] };

export interface InsertOptions<T extends TableName> {
  /** Without it a repeated key is the store's error, and the write rolls back. */
  onConflict?: OnConflict<T>;
  /** Called after each batch with the rows written so far (a progress bar). */
  onProgress?: (written: number) => void;
}

/** SQLite's default limit is 32,766 bound parameters per statement; PostgreSQL's is 65,535. */
const MAX_PARAMETERS = 30_000;
/** Rows per PostgreSQL array statement: bounds the memory of one batch, not the parameters. */
const ARRAY_BATCH_ROWS = 20_000;

/** Groups a stream of items into arrays of `size`; the last one may be shorter. */
export async function* batches<Item>(items: Iterable<Item> | AsyncIterable<Item>, size: number): AsyncGenerator<Item[]> {
  let batch: Item[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

const isPostgres = (db: Writer) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Writes `rows` into `table` in batches and returns how many rows were inserted or replaced
 * (rows left out by `keep: 'stored'` do not count). Every row must have the columns of the first.
 */
export async function insertRows<T extends TableName>(
  db: Writer,
  table: T,
  rows: Iterable<RowOf<T>> | AsyncIterable<RowOf<T>>,
  options: InsertOptions<T> = {},
): Promise<number> {
  const postgres = isPostgres(db);
  let columns: string[] | undefined;
  let written = 0;
  let pending: RowOf<T>[] = [];
  let batchRows = 1;
  const flush = async () => {
    if (columns === undefined || pending.length === 0) return;
    written += postgres
      ? await insertArrays(db, table, columns, withoutRepeats(pending, options.onConflict), options.onConflict)
      : await insertValues(db, table, pending, options.onConflict);
    pending = [];
    options.onProgress?.(written);
  };
  for await (const row of rows) {
    if (columns === undefined) {
      columns = Object.keys(row);
      batchRows = postgres ? ARRAY_BATCH_ROWS : Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length)));
    }
    noteRow(db, table, row);
    pending.push(row);
    if (pending.length >= batchRows) await flush();
  }
  await flush();
  return written;
}

async function insertValues<T extends TableName>(db: Writer, table: T, rows: RowOf<T>[], onConflict: OnConflict<T> | undefined): Promise<number> {
  // Kysely's row types are per table; this function is generic over the table.
  let insert = db.insertInto(table).values(rows as never);
  if (onConflict !== undefined) {
    const key = [...onConflict.key] as never[];
    if (onConflict.keep === 'stored') insert = insert.onConflict((oc) => oc.columns(key).doNothing());
    else {
      const update = updatedColumns(onConflict, Object.keys(rows[0] ?? {}));
      insert = insert.onConflict((oc) =>
        oc.columns(key).doUpdateSet(Object.fromEntries(update.map((column) => [column, sql.ref(`excluded.${column}`)])) as never),
      );
    }
  }
  const [result] = await insert.execute();
  return Number(result?.numInsertedOrUpdatedRows ?? rows.length);
}

function updatedColumns<T extends TableName>(onConflict: OnConflict<T> & { keep: 'new' }, columns: readonly string[]): string[] {
  const key = new Set<string>(onConflict.key);
  return onConflict.update === undefined ? columns.filter((column) => !key.has(column)) : [...onConflict.update];
}

/**
 * A batch with each key once (its first row) when the stored row is to stay: a repeat is
 * invisible to the anti-join of its own statement (earlier batches are seen, being written).
 */
function withoutRepeats<T extends TableName>(rows: RowOf<T>[], onConflict: OnConflict<T> | undefined): RowOf<T>[] {
  if (onConflict?.keep !== 'stored') return rows;
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = onConflict.key.map((column) => String((row as Record<string, unknown>)[column])).join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Column → PostgreSQL type name, per table: read from the catalogue once per process. */
const columnTypes = new Map<string, Promise<Map<string, string>>>();

function typesOf(db: Writer, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (types === undefined) {
    types = sql<{ column_name: string; udt_name: string }>`
      select column_name, udt_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`
      .execute(db)
      .then(({ rows }) => new Map(rows.map((row) => [row.column_name, row.udt_name])));
    // A failed look-up is not remembered: the next write asks again.
    types.catch(() => columnTypes.delete(table));
    columnTypes.set(table, types);
  }
  return types;
}

async function insertArrays<T extends TableName>(
  db: Writer,
  table: T,
  columns: readonly string[],
  rows: readonly RowOf<T>[],
  onConflict: OnConflict<T> | undefined,
): Promise<number> {
  const types = await typesOf(db, table);
  const arrays = columns.map((column) => {
    const type = types.get(column);
    if (type === undefined) throw new Error(`${table} has no column ${column}`);
    const values = rows.map((row) => (row as Record<string, unknown>)[column] ?? null);
    return sql`${values}::${sql.raw(`${type}[]`)}`;
  });
  const target = sql.table(table);
  const names = sql.join(columns.map((column) => sql.ref(column)));
  const source = sql`select * from unnest(${sql.join(arrays)}) as r (${names})`;
  let statement: RawBuilder<unknown>;
  if (onConflict?.keep === 'stored') {
    // An anti-join on the key, not `on conflict do nothing`: PostgreSQL's speculative insertion
    // makes every row cost 2–3 times more, and the demo writes millions whose keys are all new.
    const sameKey = sql.join(
      onConflict.key.map((column) => sql`s.${sql.ref(column)} = r.${sql.ref(column)}`),
      sql` and `,
    );
    statement = sql`insert into ${target} (${names}) ${source} where not exists (select 1 from ${target} as s where ${sameKey})`;
  } else if (onConflict?.keep === 'new') {
    const key = sql.join(onConflict.key.map((column) => sql.ref(column)));
    const sets = updatedColumns(onConflict, columns).map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`);
    statement = sql`insert into ${target} (${names}) ${source} on conflict (${key}) do update set ${sql.join(sets)}`;
  } else statement = sql`insert into ${target} (${names}) ${source}`;
  const result = await statement.execute(db);
  return Number(result.numAffectedRows ?? rows.length);
}

/** Records checked and written per batch by `recordsInto`. */
export const RECORD_BATCH_ROWS = 1000;

/** One release's way from records to rows. */
export interface RowMapper<Record, T extends TableName> {
  row(record: Record): RowOf<T>;
  /** Refuses a batch before it is written (a figure the file gives twice, named by its line). */
  check?(batch: readonly Record[]): Promise<void>;
}

/** Where an importer's records go: a table, what a repeated key does, and the mapping of a record to a row. */
export interface RecordMapping<Record, T extends TableName> {
  table: T;
  onConflict?: OnConflict<T>;
  /** Called once per release, before the first record: reads the look-ups the mapping needs (a name → id table). */
  forRelease(db: Transaction<Database>, release: ReleaseInfo, fileName: string): RowMapper<Record, T> | Promise<RowMapper<Record, T>>;
}

/**
 * The `load` of a line importer (source.ts) from its mapping: the parsed records stream through
 * in batches of RECORD_BATCH_ROWS, each checked, mapped and inserted in the release's
 * transaction, so memory stays bounded whatever the file's size.
 */
export function recordsInto<Record, T extends TableName>(mapping: RecordMapping<Record, T>) {
  return async (db: Transaction<Database>, records: AsyncIterable<Record>, release: ReleaseInfo, fileName: string): Promise<number> => {
    const mapper = await mapping.forRelease(db, release, fileName);
    const options = mapping.onConflict === undefined ? {} : { onConflict: mapping.onConflict };
    let written = 0;
    for await (const batch of batches(records, RECORD_BATCH_ROWS)) {
      await mapper.check?.(batch);
      written += await insertRows(
        db,
        mapping.table,
        batch.map((record) => mapper.row(record)),
        options,
      );
    }
    return written;
  };
}
