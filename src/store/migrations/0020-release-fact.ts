import { sql, type Kysely } from 'kysely';

/**
 * The facts each release wrote (src/store/release-facts.ts): what provenance, freshness and
 * coverage read instead of scanning the data tables. One row per release and stored fact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('release_fact')
    .addColumn('release_id', 'text', (column) => column.notNull())
    .addColumn('fact', 'text', (column) => column.notNull())
    // The fact's table (`instrument_close` of `instrument_close:fx:USD/JPY`): what a lookup of a whole table or a family of keys narrows by.
    .addColumn('table_name', 'text', (column) => column.notNull())
    .addColumn('rows', 'integer', (column) => column.notNull())
    .addColumn('first_period', 'text')
    .addColumn('last_period', 'text')
    .addPrimaryKeyConstraint('release_fact_pk', ['release_id', 'fact'])
    .execute();
  await db.schema.createIndex('release_fact_fact_idx').on('release_fact').columns(['fact', 'release_id']).execute();
  await db.schema.createIndex('release_fact_table_idx').on('release_fact').columns(['table_name', 'fact']).execute();
  // The two tables whose rows name their release can say what earlier releases wrote; the others'
  // releases are counted from their next release on.
  await sql`insert into release_fact (release_id, fact, table_name, rows, first_period, last_period)
    select release_id, 'macro_observation:' || series, 'macro_observation', count(*), min(period), max(period)
    from macro_observation group by release_id, series`.execute(db);
  await sql`insert into release_fact (release_id, fact, table_name, rows, first_period, last_period)
    select release_id, 'instrument_close:' || instrument, 'instrument_close', count(*), min(date), max(date)
    from instrument_close where release_id is not null group by release_id, instrument`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_fact').execute();
}
