import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crypto_coin')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  // The primary key serves "latest snapshot at or before now" (max(at)) and "the coins at T".
  await db.schema
    .createTable('crypto_market_snapshot')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('coin_id', 'text', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('market_cap', 'double precision', (c) => c.notNull())
    .addColumn('volume_24h', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crypto_market_snapshot_pk', ['at', 'coin_id'])
    .execute();
  // "The coins at T, largest first" (overview, bubble map, dominance) reads this index backwards.
  await db.schema.createIndex('crypto_market_snapshot_at_cap_idx').on('crypto_market_snapshot').columns(['at', 'market_cap', 'coin_id']).execute();
  // First appearance of a coin (the trending `new` tag).
  await db.schema.createIndex('crypto_market_snapshot_coin_at_idx').on('crypto_market_snapshot').columns(['coin_id', 'at']).execute();

  await db.schema
    .createTable('crypto_fear_greed')
    .addColumn('date', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();

  // The primary key serves "latest value of each metric" and "sum of a metric over a window".
  await db.schema
    .createTable('crypto_metric')
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crypto_metric_pk', ['metric', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('crypto_metric').execute();
  await db.schema.dropTable('crypto_fear_greed').execute();
  await db.schema.dropTable('crypto_market_snapshot').execute();
  await db.schema.dropTable('crypto_coin').execute();
}
