import { sql, type Kysely } from 'kysely';

/** The PCF importer's source (src/ingest/importers/etf/jpx-pcf.ts), on the rows it wrote. */
const PCF_SOURCE = 'JPX ETF PCF (ICE Data Services)';

const COLUMNS = 'id, fund_code, fund_date, symbol, name, isin, exchange, currency, sector, asset_class, shares, price, eps, bps, sps, cfps, source';

/**
 * A holding's asset class may be unknown: ICE's PCF names none, and the importer wrote `stock`
 * for every line, which made every fund 100 % stock. The table is rebuilt with the column
 * nullable (one portable form: SQLite cannot drop a NOT NULL in place), and the classes the PCF
 * importer invented become null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('etf_holding_next')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('fund_code', 'text', (c) => c.notNull())
    .addColumn('fund_date', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('isin', 'text')
    .addColumn('exchange', 'text')
    .addColumn('currency', 'text')
    .addColumn('sector', 'text')
    .addColumn('asset_class', 'text')
    .addColumn('shares', 'double precision', (c) => c.notNull())
    .addColumn('price', 'double precision')
    .addColumn('eps', 'double precision')
    .addColumn('bps', 'double precision')
    .addColumn('sps', 'double precision')
    .addColumn('cfps', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into etf_holding_next (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from etf_holding`.execute(db);
  await sql`update etf_holding_next set asset_class = null where source = ${PCF_SOURCE}`.execute(db);
  await db.schema.dropTable('etf_holding').execute();
  await db.schema.alterTable('etf_holding_next').renameTo('etf_holding').execute();
  await db.schema.createIndex('etf_holding_fund_date_idx').on('etf_holding').columns(['fund_code', 'fund_date', 'id']).execute();
}
