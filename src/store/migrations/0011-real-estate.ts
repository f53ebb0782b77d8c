import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('re_province')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name_vi', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addUniqueConstraint('re_province_country_code_uq', ['country', 'code'])
    .execute();
  await db.schema.createIndex('re_province_country_idx').on('re_province').columns(['country', 'id']).execute();

  await db.schema
    .createTable('re_ward')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('province_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('area_name', 'text', (c) => c.notNull())
    .addColumn('offshore', 'integer', (c) => c.notNull())
    .addColumn('geometry', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('re_ward_province_idx').on('re_ward').columns(['province_id', 'id']).execute();

  await db.schema
    .createTable('re_road_price')
    .addColumn('ward_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('road', 'text', (c) => c.notNull())
    .addColumn('vt1', 'double precision')
    .addColumn('vt2', 'double precision')
    .addColumn('vt3', 'double precision')
    .addColumn('vt4', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('re_road_price_pk', ['ward_id', 'year', 'road'])
    .execute();
  await db.schema.createIndex('re_road_price_year_idx').on('re_road_price').columns(['year', 'ward_id']).execute();

  await db.schema
    .createTable('re_province_price')
    .addColumn('province_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('property_type', 'text', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('listings', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('re_province_price_pk', ['province_id', 'property_type', 'month'])
    .execute();

  await db.schema
    .createTable('re_transaction')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ward_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('area', 'double precision', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('building_year', 'integer')
    .addColumn('structure', 'text')
    .addColumn('floor_plan', 'text')
    .addColumn('trade_period', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('re_transaction_ward_idx').on('re_transaction').columns(['ward_id', 'trade_period', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('re_transaction').execute();
  await db.schema.dropTable('re_province_price').execute();
  await db.schema.dropTable('re_road_price').execute();
  await db.schema.dropTable('re_ward').execute();
  await db.schema.dropTable('re_province').execute();
}
