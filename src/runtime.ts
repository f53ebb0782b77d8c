import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './kernel/clock.ts';
import type { AppContext } from './context.ts';
import { createLogger } from './kernel/logger.ts';
import { KeysRepo } from './accounts/keys.repo.ts';
import { KeysService } from './accounts/keys.service.ts';
import { WatchedPlans } from './edge/auth/plans.ts';
import { MemoryRateLimiter } from './edge/rate-limit/memory-rate-limiter.ts';
import type { RateLimiter } from './edge/rate-limit/rate-limiter.ts';
import { RedisRateLimiter } from './edge/rate-limit/redis-rate-limiter.ts';
import { connectRedis } from './kernel/redis.ts';
import { openStore, type Store } from './store/db.ts';
import { AnswerCache } from './edge/answers/answer-cache.ts';
import { Metrics } from './edge/metrics/registry.ts';
import { FreshnessReader } from './facts/freshness-reader.ts';
import { answerCacheObserver, storeQueryObserver } from './edge/metrics/observers.ts';
import { PollingVersionWatcher } from './store/polling-version-watcher.ts';
import { RedisVersionWatcher } from './store/redis-version-watcher.ts';
import type { VersionWatcher } from './kernel/version-watcher.ts';
import { AccountsRepo } from './accounts/accounts.repo.ts';
import { AccountsService } from './accounts/accounts.service.ts';
import { SessionsService } from './accounts/sessions.service.ts';
import { AuditRepo } from './accounts/audit.repo.ts';
import { AuditService } from './accounts/audit.service.ts';
import { UsageMeter } from './metering/usage-meter.ts';
import { UsageRepo } from './metering/usage.repo.ts';

export interface RuntimeOverrides {
  clock?: Clock;
  logger?: Logger;
  limiter?: RateLimiter;
  /** PostgreSQL schema (tests isolate themselves with one each). */
  schema?: string;
  /** Prefix of every Redis key (tests isolate themselves with one each). */
  redisKeyPrefix?: string;
  /**
   * Whether a missing store is created (default true). Commands that only read or manage what
   * a store holds pass false, so one run from the wrong directory fails with the path it looked
   * at instead of creating an empty store there.
   */
  create?: boolean;
}

export interface Runtime extends AppContext {
  close(): Promise<void>;
}

/** Gives Redis a moment at start-up so the first requests share the quota; degraded otherwise. */
async function waitUntilReady(redis: Redis, logger: Logger): Promise<void> {
  if (redis.status === 'ready') return;
  // Not `once(redis, 'ready')`: it rejects on the first connection error, and a Redis that is
  // down at start-up must leave the process serving with its local fallbacks.
  const ready = await Promise.race([
    new Promise<true>((resolve) => redis.once('ready', () => resolve(true))),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
  ]);
  if (!ready) logger.warn('redis not reachable at start-up; quota limited locally until it is');
}

/** Opens everything a process needs, from the configuration: store, plans, keys, limiter. */
export async function openRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const metrics = new Metrics();
  const clock = overrides.clock ?? systemClock;
  const plans = new WatchedPlans(config.plansFile, (error) => logger.error({ err: error }, 'plans file reload failed; keeping the previous plans'));
  const redis = config.redisUrl === undefined ? undefined : connectRedis(config.redisUrl, logger);
  const keyPrefix = overrides.redisKeyPrefix ?? config.redisKeyPrefix;
  if (redis !== undefined) await waitUntilReady(redis, logger);
  const limiter =
    overrides.limiter ??
    (redis === undefined ? new MemoryRateLimiter() : new RedisRateLimiter({ redis, keyPrefix, sharingProcesses: config.expectedNodes * config.workers }));
  let store: Store;
  try {
    store = await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      schema: overrides.schema ?? config.databaseSchema,
      create: overrides.create,
      onQuery: storeQueryObserver(metrics),
      onTightened: ({ path, from, to }) =>
        logger.warn({ path, from: from.toString(8), to: to.toString(8) }, 'store file was readable by others; narrowed to its owner'),
    });
  } catch (error) {
    plans.close();
    redis?.disconnect();
    throw error;
  }
  const versions: VersionWatcher = redis === undefined ? new PollingVersionWatcher(store.db) : new RedisVersionWatcher({ db: store.db, redis, keyPrefix });
  const accountsRepo = new AccountsRepo(store.db);
  const audit = new AuditService({ repo: new AuditRepo(store.db), clock, retentionDays: config.auditRetentionDays });
  const accounts = new AccountsService({ repo: accountsRepo, plans, clock, audit });
  const sessions = new SessionsService({ db: store.db, accounts: accountsRepo, clock, idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, audit });
  const keys = new KeysService({ repo: new KeysRepo(store.db), accounts, plans, clock, versions, audit });
  const usage = new UsageMeter({ repo: new UsageRepo(store.db), clock, plans, logger, retentionDays: config.usageRetentionDays });
  return {
    config,
    store,
    clock,
    plans,
    accounts,
    audit,
    sessions,
    keys,
    usage,
    limiter,
    versions,
    answers: new AnswerCache(config.answerCacheBytes, answerCacheObserver(metrics)),
    metrics,
    freshness: new FreshnessReader({ db: store.db, versions, clock }),
    logger,
    async close() {
      // The last counts reach the store before it closes.
      await usage.close();
      plans.close();
      await versions.close();
      await limiter.close();
      redis?.disconnect();
      await store.close();
    },
  };
}
