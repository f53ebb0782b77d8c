import { sql, type RawBuilder } from 'kysely';

/**
 * Rows of text as an inline table, `(values (…), (…))`, to join against: a read for many keys
 * (each with its own date) in one query. Its columns are `column1`, `column2`, … on SQLite and
 * PostgreSQL alike; `Row` names the ones the rows fill.
 */
export function valuesList<Row extends Record<`column${number}`, string>>(rows: readonly (readonly string[])[]): RawBuilder<Row> {
  return sql<Row>`(values ${sql.join(rows.map((row) => sql`(${sql.join(row)})`))})`;
}
