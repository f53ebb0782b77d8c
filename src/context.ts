import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Store } from './store/db.ts';
import type { Clock } from './kernel/clock.ts';
import type { Plans } from './edge/auth/plans.ts';
import type { KeysService } from './accounts/keys.service.ts';
import type { RateLimiter } from './edge/rate-limit/rate-limiter.ts';
import type { VersionWatcher } from './kernel/version-watcher.ts';
import type { AnswerCache } from './edge/answers/answer-cache.ts';
import type { Metrics } from './edge/metrics/registry.ts';
import type { FreshnessReader } from './facts/freshness-reader.ts';
import type { AccountsService } from './accounts/accounts.service.ts';
import type { SessionsService } from './accounts/sessions.service.ts';
import type { AuditService } from './accounts/audit.service.ts';
import type { UsageMeter } from './metering/usage-meter.ts';

/** What every domain and the edge share: built once per process, handed down explicitly. */
export interface AppContext {
  config: Config;
  store: Store;
  clock: Clock;
  plans: Plans;
  accounts: AccountsService;
  /** Who did what to accounts, keys, plans and sessions. */
  audit: AuditService;
  /** Dashboard sign-ins (/api/v1). */
  sessions: SessionsService;
  keys: KeysService;
  /** Counts every authenticated API call in memory and writes the counts in batches. */
  usage: UsageMeter;
  limiter: RateLimiter;
  /** The dataset versions answers are keyed on; this process's commits at once, others' within a second. */
  versions: VersionWatcher;
  /** This process's prepared answers, keyed on the data versions they read. */
  answers: AnswerCache;
  /** This process's metrics (`/metrics`): any part may add a counter, gauge or histogram by name. */
  metrics: Metrics;
  /** Each stored fact's due date and staleness (`/metrics`, `/readyz`), read from the store once per data version. */
  freshness: FreshnessReader;
  logger: Logger;
}
