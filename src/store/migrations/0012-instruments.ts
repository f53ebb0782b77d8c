import { sql, type Kysely } from 'kysely';

/**
 * One series store for every instrument level. FX pairs, index closes and commodity prices
 * were three tables (and the macro and fund domains kept their own copies of some), so two
 * endpoints could show two values of one close; their rows move here and the tables go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instrument_close')
    .addColumn('instrument', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('release_id', 'text')
    .addColumn('knowledge_at', 'text', (c) => c.notNull())
    // Serves every read: `instrument in (…)` with a date range, ordered by instrument, date.
    .addPrimaryKeyConstraint('instrument_close_pk', ['instrument', 'date'])
    .execute();

  // Rows without a release were demo data, published the evening of their date.
  const evening = (date: string) => sql<string>`${sql.ref(date)} || 'T21:00:00.000Z'`;
  await sql`
    insert into instrument_close (instrument, date, close, source, release_id, knowledge_at)
    select case f.pair when 'DXY' then 'index:DXY' when 'XAU/USD' then 'commodity:gold' else 'fx:' || f.pair end,
           f.date, f.close, f.source, f.release_id, coalesce(r.knowledge_at, ${evening('f.date')})
    from fx_rate f left join release r on r.id = f.release_id`.execute(db);
  await sql`
    insert into instrument_close (instrument, date, close, source, release_id, knowledge_at)
    select 'index:' || m.code, m.date, m.close, m.source, null, ${evening('m.date')}
    from market_index_close m`.execute(db);
  // FX rows come first: where both tables held gold or the dollar index, the FX row stays.
  await sql`
    insert into instrument_close (instrument, date, close, source, release_id, knowledge_at)
    select case c.commodity_id when 'dxy' then 'index:DXY' else 'commodity:' || c.commodity_id end,
           c.date, c.close, c.source, null, ${evening('c.date')}
    from commodity_price c
    where not exists (
      select 1 from instrument_close i
      where i.date = c.date and i.instrument = case c.commodity_id when 'dxy' then 'index:DXY' else 'commodity:' || c.commodity_id end)`.execute(db);
  // The macro demo's own copies of exchange rates and market gauges are no longer read.
  await sql`
    delete from macro_observation
    where (series like 'fx.%' or series like 'jp.index.%' or series like 'jp.commodity.%')
      and release_id in (select id from release where dataset like 'demo:macro:%')`.execute(db);

  await db.schema.dropTable('fx_rate').execute();
  await db.schema.dropTable('market_index_close').execute();
  await db.schema.dropTable('commodity_price').execute();
  // The fund domain's own VN-Index copy: funds now compare with index:VNINDEX.
  await db.schema.dropTable('etf_benchmark').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instrument_close').execute();
}
