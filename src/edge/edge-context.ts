import type { Logger } from 'pino';
import type { Clock } from '../kernel/clock.ts';
import type { MaybePromise } from '../kernel/maybe-promise.ts';
import type { VersionWatcher } from '../kernel/version-watcher.ts';
import type { Store } from '../store/db.ts';
import type { Plans } from './auth/plans.ts';
import type { ApiKeyRecord } from './auth/key-record.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { AnswerCache } from './answers/answer-cache.ts';
import type { Metrics } from './metrics/registry.ts';

/** Finds the key a request presents (src/accounts/keys.service.ts). */
export interface KeyAuthenticator {
  authenticate(presented: string, now: Date): MaybePromise<ApiKeyRecord | undefined>;
}

/** The settings the edge reads (src/config.ts holds them all). */
export interface EdgeConfig {
  failedAuthPerMinute: number;
  refusedCallsPerMinute: number;
  weightlessCallsPerMinute: number;
  metricsAllow: string;
  metricsToken: string | undefined;
  metricsHosts: string;
}

/**
 * What the edge needs of the process, as ports it defines: the composition root (src/context.ts)
 * hands it the accounts' key service and the rest, so the edge imports no part above it.
 */
export interface EdgeContext {
  config: EdgeConfig;
  store: Store;
  clock: Clock;
  plans: Plans;
  keys: KeyAuthenticator;
  limiter: RateLimiter;
  versions: VersionWatcher;
  answers: AnswerCache;
  metrics: Metrics;
  logger: Logger;
}
