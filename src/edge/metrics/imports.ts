import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Metrics } from './registry.ts';

/**
 * Imports as the store records them, read at each scrape: every process (a `fdh import`, the
 * seed, a sync) writes a release per file it loads, so the figures are the same from every
 * serving process, whichever loaded the data.
 */
export function watchReleases(metrics: Metrics, db: Kysely<Database>): void {
  const read = () =>
    db
      .selectFrom('release')
      .select(['dataset', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('loaded_at').as('last')])
      .groupBy('dataset')
      .execute();
  // A scrape collects every metric at once, in registration order: the first gauge starts this
  // scrape's query and the second awaits the same one.
  let scrape: ReturnType<typeof read> | undefined;
  metrics.gauge('fdh_import_releases', {
    help: 'Releases (files) loaded into the store, by dataset',
    labelNames: ['dataset'],
    async collect() {
      scrape = read();
      this.reset();
      for (const row of await scrape) this.set({ dataset: row.dataset }, Number(row.count));
    },
  });
  metrics.gauge('fdh_import_last_success_timestamp_seconds', {
    help: 'When the last release of each dataset was loaded (Unix time)',
    labelNames: ['dataset'],
    async collect() {
      const rows = await (scrape ?? read());
      this.reset();
      for (const row of rows) this.set({ dataset: row.dataset }, Date.parse(row.last) / 1000);
    },
  });
}
