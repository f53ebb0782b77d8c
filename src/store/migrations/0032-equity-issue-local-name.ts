import type { Kysely } from 'kysely';

/** An issue's name in Japanese as J-Quants gives it (`CoName`) beside its English one: `/series?q=トヨタ` finds it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('equity_issue').addColumn('name_local', 'text').execute();
}
