import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './core/clock.ts';
import type { AppContext } from './core/context.ts';
import { createLogger } from './core/logger.ts';
import { KeysRepo } from './core/auth/keys.repo.ts';
import { KeysService } from './core/auth/keys.service.ts';
import { WatchedPlans } from './core/auth/plans.ts';
import { MemoryRateLimiter } from './core/rate-limit/memory-rate-limiter.ts';
import type { RateLimiter } from './core/rate-limit/rate-limiter.ts';
import { openStore } from './store/db.ts';

export interface RuntimeOverrides {
  clock?: Clock;
  logger?: Logger;
  limiter?: RateLimiter;
  /** PostgreSQL schema (tests isolate themselves with one each). */
  schema?: string;
}

export interface Runtime extends AppContext {
  close(): Promise<void>;
}

/** Opens everything a process needs, from the configuration: store, plans, keys, limiter. */
export async function openRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  const plans = new WatchedPlans(config.plansFile, (error) => logger.error({ err: error }, 'plans file reload failed; keeping the previous plans'));
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: overrides.schema });
  const limiter = overrides.limiter ?? new MemoryRateLimiter();
  const keys = new KeysService(new KeysRepo(store.db), plans, clock);
  return {
    config,
    store,
    clock,
    plans,
    keys,
    limiter,
    logger,
    async close() {
      plans.close();
      await limiter.close();
      await store.close();
    },
  };
}
