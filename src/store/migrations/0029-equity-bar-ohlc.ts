import type { Kysely } from 'kysely';

/**
 * An equity's daily bar keeps the open, high and low J-Quants publishes beside the close
 * (`/series/equity.bar:{code}`). Nullable: rows loaded before, the demo's bars and operator
 * files that give a close only have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['open', 'high', 'low']) await db.schema.alterTable('equity_bar').addColumn(column, 'double precision').execute();
}
