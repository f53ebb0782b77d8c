import type { ResponseCache } from '../../core/cache/response-cache.ts';
import type { VersionWatcher } from '../../core/data-version/version-watcher.ts';
import type { RouteResult } from '../../core/route.ts';
import { versionsTag, type DatasetKey } from '../../store/data-version.ts';
import { nextDataChange } from './data-schedule.ts';
import type { EquitiesAnswer } from './equities.service.ts';

/** Changes whenever a computation (adjustment, TTM, market cap, sector change) changes. */
export const EQUITIES_FORMULA_VERSION = 'equities-1.0';
const UNIT = 'JPY';
/** Every equities answer is computed from the equity_* tables alone. */
const DATASETS_READ: readonly DatasetKey[] = ['equities'];

interface CachedAnswer<Data> {
  data: Data;
  meta: Record<string, unknown>;
}

/**
 * Serves equities answers through the response cache, adding the equities meta: a repeated
 * request before the data's next possible change is answered from the cache, as long as no
 * write has changed the equities data since (the key names its version).
 */
export class EquitiesResponder {
  readonly #cache: ResponseCache;
  readonly #versions: VersionWatcher;

  constructor(cache: ResponseCache, versions: VersionWatcher) {
    this.#cache = cache;
    this.#versions = versions;
  }

  async serve<Data>(
    query: string,
    now: Date,
    compute: () => Promise<EquitiesAnswer<Data> & { extraMeta?: Record<string, unknown> }>,
  ): Promise<RouteResult<Data>> {
    // Read before the data: an answer is never older than the version it is filed under.
    const key = `${query}@${versionsTag(await this.#versions.current(), DATASETS_READ)}`;
    const cached = await this.#cache.get<CachedAnswer<Data>>(key);
    if (cached !== undefined) {
      return {
        data: cached.value.data,
        meta: { ...cached.value.meta, served_from_cache: true, cache_expires_at: cached.expiresAt.toISOString() },
      };
    }
    const answer = await compute();
    const expiresAt = nextDataChange(now);
    const meta = {
      source: answer.facts.source,
      as_of: answer.facts.asOf,
      unit: UNIT,
      classification: answer.facts.classification,
      formula_version: EQUITIES_FORMULA_VERSION,
      was_restated: answer.facts.wasRestated,
      ...answer.extraMeta,
    };
    await this.#cache.set<CachedAnswer<Data>>(key, { data: answer.data, meta }, expiresAt);
    return { data: answer.data, meta: { ...meta, served_from_cache: false, cache_expires_at: expiresAt.toISOString() } };
  }
}
