import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ArchiveSettings, FetchSettings } from '../../config.ts';
import type { Clock } from '../../core/clock.ts';
import type { StoreAddress } from '../../store/db.ts';
import type { Database } from '../../store/schema.ts';
import { announceCommit } from '../../store/versioned-write.ts';
import type { Archive } from './archive.ts';
import { failureReason } from './failure-reason.ts';
import type { ResolvedSource } from './catalogue.ts';
import type { SourceRunRequest, SourceRunResult, SucceededRun, WorkerMessage } from './source-run.ts';
import { SyncStateRepo, type Lease } from './sync-state.repo.ts';

export interface SyncEnvironment {
  db: Kysely<Database>;
  /** The same store, as the run's worker thread opens it. */
  store: StoreAddress;
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
}

export type RunOutcome =
  | SucceededRun
  | { sourceId: string; status: 'failed'; error: string }
  | { sourceId: string; status: 'busy'; runningBy: string }
  | { sourceId: string; status: 'skipped'; reason: string };

const WORKER_URL = new URL('./run-worker.ts', import.meta.url);

/**
 * Runs one source in a worker thread of its own and settles with its result. The thread's heap
 * is limited, and the source's wall-clock limit terminates it whatever it is doing (a parser
 * spinning on a hostile payload cannot be interrupted otherwise); a terminated thread's store
 * connection goes with it, and its transaction is rolled back.
 */
function runInWorker(env: SyncEnvironment, request: SourceRunRequest): Promise<SourceRunResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: env.fetch.workerHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (outcome: { result: SourceRunResult } | { error: Error }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const timer = setTimeout(
      () => settle({ error: new Error(`the run took longer than ${env.fetch.sourceTimeoutMs / 1000} s (FDH_SYNC_SOURCE_TIMEOUT_MS) and was stopped; nothing of it was imported`) }),
      env.fetch.sourceTimeoutMs,
    );
    worker.on('message', (message: WorkerMessage) => {
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
            ? new Error(`the run needed more than its ${env.fetch.workerHeapMb} MB of memory (FDH_SYNC_WORKER_HEAP_MB) and was stopped; nothing of it was imported`)
            : error,
      });
    });
    worker.on('exit', (code) => settle({ error: new Error(`the run's worker thread stopped (exit code ${code}) before it finished; nothing of it was imported`) }));
  });
}

/**
 * One run of one source: take its lease (renewed by a heartbeat while the run lives), run it in
 * a worker thread (source-run.ts: collect, then parse and import every payload in one
 * transaction), and tell this process's answers of what changed. Any failure imports nothing
 * and is recorded on the source with a readable reason.
 */
export async function runSource(env: SyncEnvironment, source: ResolvedSource): Promise<RunOutcome> {
  const sourceId = source.definition.id;
  if (source.skipped !== undefined) return { sourceId, status: 'skipped', reason: source.skipped };
  const repo = new SyncStateRepo(env.db);
  const started = env.clock.now();
  // The lease lasts `leaseMs` past the last heartbeat: a holder that died (kill -9, a lost
  // machine) is replaced within it, while a live one renews it three times as often.
  const leaseEnd = (): Date => new Date(env.clock.now().getTime() + env.fetch.leaseMs);
  const lease = await repo.acquire(sourceId, env.owner, started, leaseEnd());
  if (lease === undefined) {
    return { sourceId, status: 'busy', runningBy: (await repo.get(sourceId, started))?.runningBy ?? 'another process' };
  }
  const heartbeat = setInterval(() => {
    repo.extend(lease, leaseEnd()).catch((error: unknown) => env.logger.warn({ sourceId, err: error }, 'sync lease heartbeat failed; retrying'));
  }, env.fetch.leaseMs / 3);
  heartbeat.unref();
  try {
    const { outcome, changed } = await runInWorker(env, requestFor(env, source, lease, started));
    announceCommit(env.db, changed);
    env.logger.info({ sourceId, releases: outcome.releaseIds.length, rows: outcome.rowsAdded, notes: outcome.notes }, 'sync run succeeded');
    return outcome;
  } catch (error) {
    const reason = failureReason(error, Object.values(source.credentials));
    await repo.failed(lease, env.clock.now(), reason);
    env.logger.warn({ sourceId, reason }, 'sync run failed; nothing imported from it');
    return { sourceId, status: 'failed', error: reason };
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
