import type { Kysely } from 'kysely';

/**
 * Indexes for reads across many rows of one day. The sector performance and the related stocks
 * read every stock's bars on the latest sessions (`where date in (…)`): without an index that
 * leads with the date, PostgreSQL scans all bars (about 0.6 s on the full demo).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('equity_bar_date_idx').on('equity_bar').columns(['date', 'code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('equity_bar_date_idx').execute();
}
