import type { Kysely } from 'kysely';

/**
 * What a release says of the series it wrote, in the publisher's own words (FRED's title, units,
 * seasonal adjustment, notes and last update): kept with the release's fact, so a newer release
 * describes the series anew and a release taken back takes its description with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['name', 'unit', 'seasonal_adjustment', 'notes', 'publisher_updated_at']) {
    await db.schema.alterTable('release_fact').addColumn(column, 'text').execute();
  }
}
