import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('importance', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('actual', 'double precision')
    .addColumn('forecast', 'double precision')
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_event_time_idx').on('calendar_event').columns(['scheduled_at', 'id']).execute();
  await db.schema.createIndex('calendar_event_country_idx').on('calendar_event').columns(['country', 'scheduled_at', 'id']).execute();
  // `previous` reads the releases of the same series just before each served event.
  await db.schema.createIndex('calendar_event_series_idx').on('calendar_event').columns(['series', 'scheduled_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_event').execute();
}
