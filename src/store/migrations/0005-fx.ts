import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fx_rate')
    .addColumn('pair', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('release_id', 'text')
    // Serves every request query: `pair in (…) and date >= …` ordered by pair, date.
    .addPrimaryKeyConstraint('fx_rate_pk', ['pair', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fx_rate').execute();
}
