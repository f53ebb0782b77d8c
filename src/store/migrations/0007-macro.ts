import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('macro_observation')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('marker', 'text')
    .addColumn('release_id', 'text', (c) => c.notNull())
    .addColumn('knowledge_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('macro_observation_pk', ['series', 'period', 'release_id'])
    .execute();
  // As-of reads filter by series (and a period range) and order by period then knowledge time.
  await db.schema.createIndex('macro_observation_asof_idx').on('macro_observation').columns(['series', 'period', 'knowledge_at']).execute();
  // Clearing or inspecting one release's rows.
  await db.schema.createIndex('macro_observation_release_idx').on('macro_observation').column('release_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('macro_observation').execute();
}
