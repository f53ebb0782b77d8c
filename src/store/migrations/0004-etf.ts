import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('etf_fund')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_jp', 'text')
    .addColumn('management_company', 'text', (c) => c.notNull())
    .addColumn('index_name', 'text')
    .addColumn('trading_unit', 'integer')
    .addColumn('trust_fee', 'double precision')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('distribution_yield', 'double precision')
    .addColumn('etf_type', 'text', (c) => c.notNull())
    .addColumn('listing_date', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();

  // The primary keys serve every per-fund history read (where fund_code = ? order by date).
  await db.schema
    .createTable('etf_nav')
    .addColumn('fund_code', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('nav', 'double precision', (c) => c.notNull())
    .addColumn('total_net_assets', 'double precision')
    .addColumn('units_outstanding', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('etf_nav_pk', ['fund_code', 'date'])
    .execute();

  await db.schema
    .createTable('etf_price')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('fund_code', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('open', 'double precision')
    .addColumn('high', 'double precision')
    .addColumn('low', 'double precision')
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('volume', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .addUniqueConstraint('etf_price_fund_date_uq', ['fund_code', 'date'])
    .execute();

  await db.schema
    .createTable('etf_holding')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('fund_code', 'text', (c) => c.notNull())
    .addColumn('fund_date', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('isin', 'text')
    .addColumn('exchange', 'text')
    .addColumn('currency', 'text')
    .addColumn('sector', 'text')
    .addColumn('asset_class', 'text', (c) => c.notNull())
    .addColumn('shares', 'double precision', (c) => c.notNull())
    .addColumn('price', 'double precision')
    .addColumn('eps', 'double precision')
    .addColumn('bps', 'double precision')
    .addColumn('sps', 'double precision')
    .addColumn('cfps', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('etf_holding_fund_date_idx').on('etf_holding').columns(['fund_code', 'fund_date', 'id']).execute();

  await db.schema
    .createTable('etf_benchmark')
    .addColumn('index_code', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('etf_benchmark_pk', ['index_code', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('etf_benchmark').execute();
  await db.schema.dropTable('etf_holding').execute();
  await db.schema.dropTable('etf_price').execute();
  await db.schema.dropTable('etf_nav').execute();
  await db.schema.dropTable('etf_fund').execute();
}
