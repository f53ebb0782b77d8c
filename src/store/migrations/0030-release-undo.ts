import type { Kysely } from 'kysely';

/**
 * What a release can be undone by. A close a release replaced or withdrew is kept beside the
 * release that did it, so taking the release back (`fdh releases revert`, or the publisher's
 * true file returning) restores the close as it was; a reverted release keeps its row, marked,
 * so its content is not "already loaded" when the publisher serves it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('release').addColumn('reverted_at', 'text').execute();
  await db.schema
    .createTable('instrument_close_superseded')
    .addColumn('release_id', 'text', (c) => c.notNull())
    .addColumn('instrument', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('previous_release_id', 'text')
    .addColumn('knowledge_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('instrument_close_superseded_pk', ['release_id', 'instrument', 'date'])
    .execute();
  await db.schema.createIndex('instrument_close_superseded_previous').on('instrument_close_superseded').columns(['previous_release_id']).execute();
}
