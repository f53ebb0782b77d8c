import type { AnswerCaching, RouteResult } from '../../edge/route.ts';
import { nextDataChange } from './data-schedule.ts';
import type { EquitiesAnswer } from './equities.service.ts';

/** Changes whenever a computation (adjustment, TTM, market cap, sector change) changes. */
export const EQUITIES_FORMULA_VERSION = 'equities-1.0';
const UNIT = 'JPY';

/**
 * How the answer cache keeps equities answers: until the data's next possible change (the
 * daily batch), and marked `served_from_cache` when sent again. The key's data versions still
 * drop an answer at once when an import changes the equities.
 */
export const EQUITIES_CACHING: AnswerCaching = {
  window: (now) => nextDataChange(now).toISOString(),
  repeated: (result) => ({ ...result, meta: { ...result.meta, served_from_cache: true } }),
};

/** An equities answer with the equities meta: its facts, and when it can next change. */
export async function withEquitiesMeta<Data>(
  now: Date,
  compute: () => Promise<EquitiesAnswer<Data> & { extraMeta?: Record<string, unknown> }>,
): Promise<RouteResult<Data>> {
  const answer = await compute();
  return {
    data: answer.data,
    meta: {
      source: answer.facts.source,
      as_of: answer.facts.asOf,
      unit: UNIT,
      classification: answer.facts.classification,
      formula_version: EQUITIES_FORMULA_VERSION,
      was_restated: answer.facts.wasRestated,
      ...answer.extraMeta,
      served_from_cache: false,
      cache_expires_at: nextDataChange(now).toISOString(),
    },
  };
}
