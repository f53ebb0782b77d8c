import type { Kysely } from 'kysely';

/**
 * The facts each release wrote (src/store/release-facts.ts): what provenance, freshness and
 * coverage read instead of scanning the data tables. One row per release and stored fact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('release_fact')
    .addColumn('release_id', 'text', (column) => column.notNull())
    .addColumn('fact', 'text', (column) => column.notNull())
    .addColumn('rows', 'integer', (column) => column.notNull())
    .addColumn('first_period', 'text')
    .addColumn('last_period', 'text')
    .addPrimaryKeyConstraint('release_fact_pk', ['release_id', 'fact'])
    .execute();
  await db.schema.createIndex('release_fact_fact_idx').on('release_fact').columns(['fact', 'release_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_fact').execute();
}
