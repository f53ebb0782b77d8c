import type { Metrics } from './registry.ts';

/** Told of each answer-cache lookup: counts hits and misses. */
export function answerCacheObserver(metrics: Metrics): (hit: boolean) => void {
  const lookups = metrics.counter('fdh_answer_cache_lookups_total', {
    help: 'Answer-cache lookups, by result (hit: a kept answer was sent)',
    labelNames: ['result'],
  });
  const hits = lookups.series('hit');
  const misses = lookups.series('miss');
  return (hit) => (hit ? hits : misses).inc();
}

/** Told of each store query with its time: the store's share of the request path. */
export function storeQueryObserver(metrics: Metrics): (durationMs: number, failed: boolean) => void {
  const queries = metrics.histogram('fdh_store_query_duration_seconds', { help: 'Store query time, by outcome (ok or error)', labelNames: ['outcome'] });
  const ok = queries.series('ok');
  const error = queries.series('error');
  return (durationMs, failed) => (failed ? error : ok).observe(durationMs / 1000);
}
