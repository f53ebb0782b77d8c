import dns from 'node:dns';
import { isIP } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ArchiveSettings, FetchSettings } from '../../config.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { StoreAddress } from '../../store/db.ts';
import type { Database } from '../../store/schema.ts';
import { announceCommit } from '../../store/versioned-write.ts';
import type { Archive } from './archive.ts';
import { failureReason } from './failure-reason.ts';
import { unreachedReason } from './fetcher.ts';
import type { ResolvedSource } from './catalogue.ts';
import type { RunWait, SourceRunRequest, SourceRunResult, SucceededRun, WorkerMessage } from './source-run.ts';
import { SyncStateRepo, type Lease } from './sync-state.repo.ts';

export interface SyncEnvironment {
  db: Kysely<Database>;
  /** The same store, as the run's worker thread opens it. */
  store: StoreAddress;
  /** Where the store lives, for messages (Store.location: no password). */
  storeLocation: string;
  archive: Archive;
  fetch: FetchSettings;
  archiveLimits: ArchiveSettings;
  clock: Clock;
  logger: Logger;
  /** This process, as lease holder and slot claimant. */
  owner: string;
  /** The sources file's modules as the file is now (a source that is not shipped is defined there). */
  modulePaths(): string[];
  /** When this process's runs last asked each publisher (epoch ms): its request gap holds from one run's thread to the next. */
  publisherLastRequestEnd: Map<string, number>;
  /** Told, for a person, what a run is waiting for (a retry's backoff, a publisher's request gap) as it starts waiting. */
  onProgress?: (sourceId: string, message: string) => void;
}

export type RunOutcome =
  | SucceededRun
  | { sourceId: string; status: 'failed'; error: string; interrupted?: true }
  | { sourceId: string; status: 'busy'; runningBy: string }
  | { sourceId: string; status: 'skipped'; reason: string };

const WORKER_URL = new URL('./run-worker.ts', import.meta.url);

/**
 * Why the source's base URL cannot be reached when its host name does not resolve (offline, a
 * firewall, a typo), or undefined: such a run fails at once, without a worker thread started and
 * the publisher's modules loaded for a request that cannot be made. The fetcher says the same of
 * any other URL a source asks for.
 */
async function unresolvedBaseUrl(baseUrl: string): Promise<string | undefined> {
  let hostname: string;
  try {
    hostname = new URL(baseUrl).hostname;
  } catch {
    return undefined;
  }
  if (hostname === '' || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) return undefined;
  try {
    await dns.promises.lookup(hostname);
    return undefined;
  } catch (error) {
    return unreachedReason((error as NodeJS.ErrnoException).code, baseUrl);
  }
}

/**
 * How far ahead of the store's clock this process's clock may be. A run stamps its releases
 * with this process's time (when no publisher says when a figure was known): ahead of the
 * store's by more, it would date them at an instant the store has not reached, and shadow later
 * releases of other processes, so it is refused.
 */
const CLOCK_AHEAD_TOLERANCE_MS = 60_000;

/** Why this process may not run a source now (its clock is ahead of the store's), or undefined. */
function clockAheadReason(processNow: Date, storeNow: Date, store: string): string | undefined {
  const aheadMs = processNow.getTime() - storeNow.getTime();
  if (!(aheadMs > CLOCK_AHEAD_TOLERANCE_MS)) return undefined;
  return `refused: this process's clock reads ${processNow.toISOString()}, ${Math.round(aheadMs / 1000)} s ahead of the store's (${storeNow.toISOString()}, ${store}), more than the ${CLOCK_AHEAD_TOLERANCE_MS / 1000} s allowed; its releases would be dated at a time the store has not reached, so nothing was fetched: set this machine's clock right (NTP)`;
}

/** A run stopped by the caller's signal (Ctrl-C on `fdh sync run`). */
class InterruptedRun extends Error {}

/** What the source's time limit says it stopped: the wait it was in, or the last one it said. */
function stoppedIn(wait: RunWait | undefined): string {
  if (wait === undefined) return '';
  return wait.until > Date.now() ? ` while ${wait.message}` : ` (its last wait: ${wait.message})`;
}

/**
 * Runs one source in a worker thread of its own and settles with its result. The thread's heap
 * is limited, and the source's wall-clock limit terminates it whatever it is doing (a parser
 * spinning on a hostile payload cannot be interrupted otherwise); a terminated thread's store
 * connection goes with it, and its transaction is rolled back.
 */
function runInWorker(env: SyncEnvironment, request: SourceRunRequest, signal: AbortSignal | undefined): Promise<SourceRunResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new InterruptedRun(`stopped by ${String(signal.reason)} before it started; nothing was imported`));
      return;
    }
    let wait: RunWait | undefined;
    const worker = new Worker(WORKER_URL, {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: env.fetch.workerHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (outcome: { result: SourceRunResult } | { error: Error }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', interrupt);
      void worker.terminate();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const timer = setTimeout(
      () =>
        settle({
          error: new Error(
            `the run took longer than ${env.fetch.sourceTimeoutMs / 1000} s (FDH_SYNC_SOURCE_TIMEOUT_MS) and was stopped${stoppedIn(wait)}; nothing of it was imported`,
          ),
        }),
      env.fetch.sourceTimeoutMs,
    );
    // Terminating the thread ends its requests and rolls back its transaction at once.
    const interrupt = (): void => settle({ error: new InterruptedRun(`stopped by ${String(signal?.reason)} before it finished; nothing of it was imported`) });
    signal?.addEventListener('abort', interrupt, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'wait') {
        wait = message;
        env.onProgress?.(request.sourceId, message.message);
        return;
      }
      if (message.kind === 'log') {
        env.logger[message.level](message.fields, failureReason(message.message, Object.values(request.credentials)));
        return;
      }
      if (message.lastRequestEnd !== undefined) env.publisherLastRequestEnd.set(message.publisher, message.lastRequestEnd);
      if (message.kind === 'done') settle({ result: { outcome: message.outcome, changed: message.changed } });
      else settle({ error: new Error(message.message) });
    });
    worker.on('error', (error: Error & { code?: string }) => {
      settle({
        error:
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new Error(
                `the run needed more than its ${env.fetch.workerHeapMb} MB of memory (FDH_SYNC_WORKER_HEAP_MB) and was stopped; nothing of it was imported`,
              )
            : error,
      });
    });
    worker.on('exit', (code) =>
      settle({ error: new Error(`the run's worker thread stopped (exit code ${code}) before it finished; nothing of it was imported`) }),
    );
  });
}

/**
 * One run of one source: take its lease (renewed by a heartbeat while the run lives), run it in
 * a worker thread (source-run.ts: collect, then parse and import every payload in one
 * transaction), and tell this process's answers of what changed. Any failure imports nothing
 * and is recorded on the source with a readable reason.
 */
export async function runSource(
  env: SyncEnvironment,
  source: ResolvedSource,
  options: { signal?: AbortSignal; lapsedToken?: number } = {},
): Promise<RunOutcome> {
  const sourceId = source.definition.id;
  if (source.skipped !== undefined) return { sourceId, status: 'skipped', reason: source.skipped };
  // A source whose parameters name nothing to fetch (rss-feeds with no feed) says so rather than "nothing new".
  if (source.definition.configuredFeeds?.(source.params as never).length === 0) {
    return {
      sourceId,
      status: 'skipped',
      reason: `skipped: nothing configured to fetch (sources.${sourceId}.params in the sources file lists none; see docs/data-sources.md)`,
    };
  }
  const repo = new SyncStateRepo(env.db);
  const started = env.clock.now();
  const storeNow = await repo.storeNow();
  const refused = clockAheadReason(started, storeNow, env.storeLocation);
  // The lease lasts `leaseMs` of the store's clock past the last heartbeat: a holder that died
  // (kill -9, a lost machine) is replaced within it, while a live one renews it three times as often.
  const lease = await repo.acquire(sourceId, env.owner, {
    attemptAt: refused === undefined ? started : storeNow,
    leaseMs: env.fetch.leaseMs,
    ...(options.lapsedToken === undefined ? {} : { lapsedToken: options.lapsedToken }),
  });
  if (lease === undefined) {
    return { sourceId, status: 'busy', runningBy: (await repo.get(sourceId))?.runningBy ?? 'another process' };
  }
  if (refused !== undefined) {
    await repo.failed(lease, storeNow, refused);
    env.logger.warn({ sourceId, reason: refused }, 'sync run refused');
    return { sourceId, status: 'failed', error: refused };
  }
  const heartbeat = setInterval(() => {
    repo.extend(lease, env.fetch.leaseMs).catch((error: unknown) => env.logger.warn({ sourceId, err: error }, 'sync lease heartbeat failed; retrying'));
  }, env.fetch.leaseMs / 3);
  heartbeat.unref();
  try {
    const unresolved = await unresolvedBaseUrl(source.baseUrl);
    if (unresolved !== undefined) throw new Error(unresolved);
    const { outcome, changed } = await runInWorker(env, requestFor(env, source, lease, started), options.signal);
    announceCommit(env.db, changed);
    env.logger.info({ sourceId, releases: outcome.releaseIds.length, rows: outcome.rowsAdded, notes: outcome.notes }, 'sync run succeeded');
    return outcome;
  } catch (error) {
    const reason = failureReason(error, Object.values(source.credentials));
    // A store too full to take the run's import may refuse this record too: the outcome still says why.
    await repo
      .failed(lease, env.clock.now(), reason)
      .catch((recordError: unknown) => env.logger.error({ sourceId, err: recordError }, 'sync run failure could not be recorded'));
    env.logger.warn({ sourceId, reason }, 'sync run failed; nothing imported from it');
    return { sourceId, status: 'failed', error: reason, ...(error instanceof InterruptedRun ? { interrupted: true as const } : {}) };
  } finally {
    clearInterval(heartbeat);
    await env.archive.prune(env.archiveLimits, env.clock.now()).catch((error: unknown) => env.logger.error({ err: error }, 'archive pruning failed'));
  }
}

function requestFor(env: SyncEnvironment, source: ResolvedSource, lease: Lease, started: Date): SourceRunRequest {
  return {
    store: env.store,
    modulePaths: env.modulePaths(),
    sourceId: source.definition.id,
    baseUrl: source.baseUrl,
    params: source.params,
    credentials: source.credentials,
    minRequestIntervalMs: source.minRequestIntervalMs,
    fetch: env.fetch,
    archiveDir: env.archive.dir,
    lease,
    publisherLastRequestEnd: env.publisherLastRequestEnd.get(source.definition.publisher),
    startedAt: started.toISOString(),
  };
}
