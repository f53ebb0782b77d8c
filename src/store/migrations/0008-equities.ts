import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('equity_issue')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search_name', 'text', (c) => c.notNull())
    .addColumn('sector33_code', 'text', (c) => c.notNull())
    .addColumn('sector33_name', 'text', (c) => c.notNull())
    .addColumn('segment', 'text', (c) => c.notNull())
    .addColumn('security_type', 'text', (c) => c.notNull())
    .addColumn('shares_outstanding', 'double precision')
    .addColumn('shares_as_of', 'text')
    .addColumn('listed_on', 'text')
    .addColumn('fiscal_year_end_month', 'integer')
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  // The list filters page by code within a sector or a segment.
  await db.schema.createIndex('equity_issue_sector_idx').on('equity_issue').columns(['sector33_code', 'code']).execute();
  await db.schema.createIndex('equity_issue_segment_idx').on('equity_issue').columns(['segment', 'code']).execute();

  // The primary key (code, date) is the index every price request seeks.
  await db.schema
    .createTable('equity_bar')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('volume', 'double precision', (c) => c.notNull())
    .addColumn('trading_value', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('equity_bar_pk', ['code', 'date'])
    .execute();

  await db.schema
    .createTable('equity_session')
    .addColumn('date', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('equity_action')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ratio', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('equity_action_pk', ['code', 'effective_date'])
    .execute();
  // The day's change of every stock needs the actions taking effect that day.
  await db.schema.createIndex('equity_action_date_idx').on('equity_action').columns(['effective_date', 'code']).execute();

  await db.schema
    .createTable('equity_statement')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('fiscal_year_end', 'text', (c) => c.notNull())
    .addColumn('fiscal_quarter', 'integer', (c) => c.notNull())
    .addColumn('disclosed_on', 'text', (c) => c.notNull())
    .addColumn('net_sales', 'double precision')
    .addColumn('cost_of_sales', 'double precision')
    .addColumn('sga_expenses', 'double precision')
    .addColumn('operating_profit', 'double precision')
    .addColumn('ordinary_profit', 'double precision')
    .addColumn('net_income', 'double precision')
    .addColumn('total_assets', 'double precision')
    .addColumn('current_assets', 'double precision')
    .addColumn('non_current_assets', 'double precision')
    .addColumn('total_liabilities', 'double precision')
    .addColumn('current_liabilities', 'double precision')
    .addColumn('non_current_liabilities', 'double precision')
    .addColumn('net_assets', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('equity_statement_pk', ['code', 'period_end', 'disclosed_on'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('equity_statement').execute();
  await db.schema.dropTable('equity_action').execute();
  await db.schema.dropTable('equity_session').execute();
  await db.schema.dropTable('equity_bar').execute();
  await db.schema.dropTable('equity_issue').execute();
}
