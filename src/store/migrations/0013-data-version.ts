import type { Kysely } from 'kysely';

/** One row per dataset key, created by its first bump (a key never bumped reads as version 0). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_version')
    .addColumn('dataset', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_version').execute();
}
