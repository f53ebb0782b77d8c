import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { TableName } from '../store/loader.ts';

interface SecondaryIndex {
  name: string;
  definition: string;
}

/**
 * The indexes of `table` besides its primary key and constraints, with the statement that
 * builds each (SQLite keeps it in `sqlite_master`; PostgreSQL prints it with `pg_get_indexdef`).
 */
async function secondaryIndexes(trx: Transaction<Database>, table: TableName): Promise<SecondaryIndex[]> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<SecondaryIndex>`
      select i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname = ${table}
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`.execute(trx);
    return rows;
  }
  const { rows } = await sql<SecondaryIndex>`
    select name, sql as definition from sqlite_master
    where type = 'index' and tbl_name = ${table} and sql is not null`.execute(trx);
  return rows;
}

/**
 * Runs `write` and, when `table` is empty at the start, builds its secondary indexes once at the
 * end instead of row by row: a bulk load in the order of the primary key would otherwise land
 * every row at a random place of an index led by another column (the demo's five million
 * equity bars, written stock by stock, against the `(date, code)` index). Inside the caller's
 * transaction, so a failed write rolls the indexes back with the rows. An empty table has
 * nothing for readers to wait for; a table with rows keeps its indexes throughout.
 */
export async function withIndexesBuiltAfter<Result>(trx: Transaction<Database>, table: TableName, write: () => Promise<Result>): Promise<Result> {
  const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(trx);
  if (rows.length > 0) return write();
  const indexes = await secondaryIndexes(trx, table);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  const result = await write();
  for (const index of indexes) await sql.raw(index.definition).execute(trx);
  return result;
}
