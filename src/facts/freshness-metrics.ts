import type { FreshnessReader } from './freshness-reader.ts';
import type { FactFreshness } from './freshness.ts';
import type { Metrics } from '../edge/metrics/registry.ts';

/**
 * Each stored fact's freshness at each scrape, labelled by the fact's name (`macro:jp.gdp.real`,
 * `index.close:FTSE`, `etf.nav`): one series per fact the store holds, so the label's values are
 * bounded by the fact registry (src/facts/families.ts; a key per index, pair, series or country,
 * never per issue, fund or article), and per sync source for the stale count.
 */
export function watchFreshness(metrics: Metrics, freshness: FreshnessReader): void {
  // As in imports.ts: the first gauge collected starts this scrape's read, the others await it.
  let scrape: Promise<FactFreshness[]> | undefined;
  metrics.gauge('fdh_fact_age_seconds', {
    help: 'Seconds since the newest release holding each stored fact was known, by fact',
    labelNames: ['fact'],
    async collect() {
      scrape = freshness.current();
      const facts = await scrape;
      this.reset();
      for (const fact of facts) this.set({ fact: fact.name }, fact.ageSeconds);
    },
  });
  metrics.gauge('fdh_fact_stale', {
    help: "1 when a stored fact's next figure is past its due date (its publisher's cadence), else 0; by fact",
    labelNames: ['fact'],
    async collect() {
      const facts = await (scrape ?? freshness.current());
      this.reset();
      for (const fact of facts) this.set({ fact: fact.name }, fact.stale ? 1 : 0);
    },
  });
  metrics.gauge('fdh_fact_due_timestamp_seconds', {
    help: "When a stored fact's next figure is due (Unix time), by fact; reference data and irregular events have none",
    labelNames: ['fact'],
    async collect() {
      const facts = await (scrape ?? freshness.current());
      this.reset();
      for (const fact of facts) if (fact.dueAt !== null) this.set({ fact: fact.name }, Date.parse(fact.dueAt) / 1000);
    },
  });
  metrics.gauge('fdh_source_stale_facts', {
    help: 'Stale facts among those each sync source has loaded, by source',
    labelNames: ['source'],
    async collect() {
      const facts = await (scrape ?? freshness.current());
      this.reset();
      const stale = new Map<string, number>();
      for (const fact of facts) for (const source of fact.sourceIds) stale.set(source, (stale.get(source) ?? 0) + (fact.stale ? 1 : 0));
      for (const [source, count] of stale) this.set({ source }, count);
    },
  });
}
