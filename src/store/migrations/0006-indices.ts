import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_index')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  // The board listing: `board = ?` ordered by position.
  await db.schema.createIndex('market_index_board_idx').on('market_index').columns(['board', 'position']).execute();

  await db.schema
    .createTable('market_index_close')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    // The latest closes per index: `code in (…)` partitioned by code, ordered by date.
    .addPrimaryKeyConstraint('market_index_close_pk', ['code', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('market_index_close').execute();
  await db.schema.dropTable('market_index').execute();
}
