import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Store } from '../../store/db.ts';
import { sources as shippedSources } from '../sources/index.ts';
import { Archive } from './archive.ts';
import { checkSourcesParams, loadCatalogue, resolveSource, selectSources, type ResolvedSource } from './catalogue.ts';
import { runSource, type RunOutcome, type SyncEnvironment } from './runner.ts';
import { nextRunAfter, previousRunBefore, scheduleIntervalMs } from './schedule.ts';
import { WatchedSourcesFile } from './sources-file.ts';
import type { SourceStatus } from './source-status.ts';
import { readFreshness } from '../../facts/freshness-reader.ts';
import { isStale } from '../../facts/freshness.ts';
import { SyncStateRepo } from './sync-state.repo.ts';

/** `45 s`, `12 min`, `5 h`: the unit a person reads at a glance. */
function duration(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 2 * 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

export interface SyncServiceOptions {
  config: Config;
  store: Store;
  clock: Clock;
  logger: Logger;
  env?: NodeJS.ProcessEnv;
  /** Told, for a person, what a run is waiting for as it starts waiting (`fdh sync run` prints it). */
  onProgress?: (sourceId: string, message: string) => void;
}

/**
 * `fdh sync` for one process: the sources file as it is now, the catalogue, each source's
 * state, and runs. The scheduler (scheduler.ts) and the dashboard call the same verbs.
 */
export class SyncService {
  readonly #file: WatchedSourcesFile;
  readonly #options: SyncServiceOptions;
  readonly #repo: SyncStateRepo;
  readonly #environment: SyncEnvironment;
  /** The run under way in this process: runs take turns, so at most one worker's memory is ever added to the process. */
  #turn: Promise<unknown> = Promise.resolve();

  private constructor(options: SyncServiceOptions, file: WatchedSourcesFile) {
    this.#options = options;
    this.#file = file;
    this.#repo = new SyncStateRepo(options.store.db);
    this.#environment = {
      db: options.store.db,
      store: options.store.address,
      storeLocation: options.store.location,
      modulePaths: () => file.current.modulePaths,
      publisherLastRequestEnd: new Map(),
      archive: new Archive(join(options.config.dataDir, 'archive')),
      fetch: options.config.fetch,
      archiveLimits: options.config.archive,
      clock: options.clock,
      logger: options.logger,
      owner: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    };
  }

  /** Reads the sources file (a broken one is refused) and loads the catalogue it names. */
  static async open(options: SyncServiceOptions): Promise<SyncService> {
    const file = new WatchedSourcesFile(
      options.config.sourcesFile,
      (error) => options.logger.error({ err: error }, 'sources file reload failed; keeping the previous sources'),
      async (edited) => checkSourcesParams(await loadCatalogue(shippedSources, edited), edited),
    );
    const service = new SyncService(options, file);
    try {
      await service.resolved();
      await service.#environment.archive.removeStale();
    } catch (error) {
      file.close();
      throw error;
    }
    return service;
  }

  get owner(): string {
    return this.#environment.owner;
  }

  /** Calls `listener` after each good edit of the sources file. */
  onSourcesChange(listener: () => void): void {
    this.#file.onChange(listener);
  }

  async resolved(): Promise<ResolvedSource[]> {
    const file = this.#file.current;
    const catalogue = await loadCatalogue(shippedSources, file);
    return catalogue.map((definition) => resolveSource(definition, file, this.#options.env ?? process.env, this.#options.config.fetch.contact));
  }

  /**
   * Runs the named sources or publishers (none: every source) once, one after another. `signal`
   * stops the run under way at once (nothing of it imported) and the rest are not started.
   */
  async run(names: readonly string[], onOutcome?: (outcome: RunOutcome) => void, signal?: AbortSignal): Promise<RunOutcome[]> {
    const outcomes: RunOutcome[] = [];
    for (const source of selectSources(await this.resolved(), names)) {
      if (signal?.aborted === true) break;
      const outcome = await this.#inTurn(() => runSource(this.#environment, source, { signal }));
      onOutcome?.(outcome);
      outcomes.push(outcome);
    }
    return outcomes;
  }

  /** Runs `source`'s scheduled `slot` if this process is the one to claim it. */
  async runSlot(source: ResolvedSource, slot: Date): Promise<RunOutcome | undefined> {
    if (!(await this.#repo.claimSlot(source.definition.id, slot, this.owner, this.#options.clock.now()))) return undefined;
    return this.#inTurn(() => runSource(this.#environment, source));
  }

  /**
   * At start, runs `source` if it is due when its turn comes: its last run never finished (its
   * process died mid-run), it never ran, or its last attempt is older than its latest scheduled
   * slot (no process was serving then). An unfinished run is replaced once its lease lapses by
   * the store's clock (waited for out of turn, within FDH_SYNC_LEASE_S), by the one process whose
   * take-over of that lease wins; if its holder was alive after all and finishes, nothing is
   * replaced. Otherwise the catch-up claims the latest slot, so of the processes starting together
   * only one fetches, and a slot already run is not run again. Once `cancelled` is aborted (the
   * process stops), a catch-up still waiting is dropped, claiming nothing: the next start catches
   * up instead.
   */
  async catchUp(source: ResolvedSource, cancelled?: AbortSignal): Promise<RunOutcome | undefined> {
    for (;;) {
      const step = await this.#inTurn(() => this.#catchUpStep(source, cancelled));
      if (!('waitMs' in step)) return step.outcome;
      try {
        await sleep(step.waitMs, undefined, cancelled === undefined ? {} : { signal: cancelled });
      } catch {
        return undefined;
      }
    }
  }

  async #catchUpStep(source: ResolvedSource, cancelled: AbortSignal | undefined): Promise<{ outcome: RunOutcome | undefined } | { waitMs: number }> {
    if (cancelled?.aborted === true) return { outcome: undefined };
    const { schedule, definition } = source;
    const unfinished = await this.#repo.unfinishedRun(definition.id);
    if (unfinished !== undefined && unfinished.leaseLeftMs > 0) return { waitMs: unfinished.leaseLeftMs };
    if (unfinished !== undefined) {
      const outcome = await runSource(this.#environment, source, { lapsedToken: unfinished.token });
      return { outcome: outcome.status === 'busy' ? undefined : outcome };
    }
    const now = this.#options.clock.now();
    const slot = previousRunBefore(schedule, definition.timeZone, now);
    const lastAttemptAt = (await this.#repo.get(definition.id))?.lastAttemptAt ?? null;
    const due = lastAttemptAt === null || (slot !== undefined && Date.parse(lastAttemptAt) < slot.getTime());
    // A source that never ran and whose schedule has no past slot claims the epoch: the same slot in every process.
    if (!due || !(await this.#repo.claimSlot(definition.id, slot ?? new Date(0), this.owner, now))) return { outcome: undefined };
    return { outcome: await runSource(this.#environment, source) };
  }

  #inTurn<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(step);
    this.#turn = run.catch(() => undefined);
    return run;
  }

  async statuses(): Promise<SourceStatus[]> {
    const now = this.#options.clock.now();
    const states = await this.#repo.list();
    const stale = (await readFreshness(this.#options.store.db, now)).filter(isStale);
    return (await this.resolved()).map((source) => {
      const { definition } = source;
      const state = states.get(definition.id);
      const interval = scheduleIntervalMs(source.schedule, definition.timeZone, now);
      const failingFor = state?.failingSince === null || state?.failingSince === undefined ? 0 : now.getTime() - Date.parse(state.failingSince);
      const next = source.skipped === undefined ? nextRunAfter(source.schedule, definition.timeZone, now) : undefined;
      return {
        id: definition.id,
        publisher: definition.publisher,
        description: definition.description,
        enabled: source.enabled,
        skipped: source.skipped ?? null,
        schedule: source.schedule,
        timeZone: definition.timeZone,
        lastAttemptAt: state?.lastAttemptAt ?? null,
        lastSuccessAt: state?.lastSuccessAt ?? null,
        lastError: state?.lastError ?? null,
        consecutiveFailures: state?.consecutiveFailures ?? 0,
        lastReleaseIds: state?.lastReleaseIds ?? [],
        lastRowsAdded: state?.lastRowsAdded ?? null,
        nextRunAt: next?.toISOString() ?? null,
        lastSuccessAgeSeconds:
          state?.lastSuccessAt === null || state?.lastSuccessAt === undefined ? null : Math.round((now.getTime() - Date.parse(state.lastSuccessAt)) / 1000),
        running: state?.runningBy !== null && state?.runningBy !== undefined,
        interrupted: state?.interrupted ?? false,
        warning:
          interval !== undefined && failingFor > interval
            ? `failing for ${duration(failingFor)}, longer than its schedule's interval (${duration(interval)})`
            : null,
        staleFacts: stale
          .filter((fact) => fact.sourceIds.includes(definition.id))
          .map((fact) => ({ fact: fact.name, lastPeriod: fact.lastPeriod, dueAt: fact.dueAt, ageSeconds: fact.ageSeconds })),
      };
    });
  }

  close(): void {
    this.#file.close();
  }
}
