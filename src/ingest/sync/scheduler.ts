import type { Logger } from 'pino';
import type { ResolvedSource } from './catalogue.ts';
import { nextRunAfter } from './schedule.ts';
import type { RunOutcome } from './runner.ts';
import type { SyncService } from './sync.service.ts';

/** Node's timers hold at most ~24.8 days; a later slot is reached in hops. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs each source that is not skipped on its schedule, and at start each one that is due (it
 * never ran, missed its latest slot, or its last run never finished). Every process with the
 * schedule on computes the same slots from the same cron; at a slot each tries to claim it in
 * the store and only the one that wins runs it (ADR 0018); a catch-up at start claims the missed
 * slot the same way, or takes over the lapsed lease of the unfinished run. A sources-file edit
 * re-plans every source.
 */
export class SyncScheduler {
  readonly #sync: SyncService;
  readonly #logger: Logger;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #running = new Set<Promise<unknown>>();
  /** Aborted by `stop`: the catch-ups still waiting for their turn are dropped. */
  readonly #stopping = new AbortController();
  #stopped = false;

  constructor(sync: SyncService, logger: Logger) {
    this.#sync = sync;
    this.#logger = logger;
  }

  async start(): Promise<void> {
    this.#sync.onSourcesChange(() => {
      if (this.#stopped) return;
      this.#clearTimers();
      this.#planAll().catch((error: unknown) => this.#logger.error({ err: error }, 'sync schedule: re-planning failed'));
    });
    const sources = await this.#planAll();
    for (const source of sources) if (source.skipped === undefined) this.#track(source, 'start', this.#sync.catchUp(source, this.#stopping.signal));
  }

  /** Stops planning and waits for the slot runs claimed; the catch-ups not yet started are dropped. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopping.abort();
    this.#clearTimers();
    await Promise.allSettled([...this.#running]);
  }

  async #planAll(): Promise<ResolvedSource[]> {
    const sources = await this.#sync.resolved();
    for (const source of sources) {
      if (source.skipped !== undefined) this.#logger.info({ sourceId: source.definition.id }, `sync schedule: ${source.definition.id} ${source.skipped}`);
      else this.#plan(source, new Date());
    }
    return sources;
  }

  #plan(source: ResolvedSource, after: Date): void {
    if (this.#stopped) return;
    const slot = nextRunAfter(source.schedule, source.definition.timeZone, after);
    if (slot === undefined) return;
    this.#wait(slot, () => this.#fire(source, slot));
  }

  #wait(at: Date, then: () => void): void {
    const delay = at.getTime() - Date.now();
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        if (at.getTime() > Date.now()) this.#wait(at, then);
        else then();
      },
      Math.max(0, Math.min(delay, LONGEST_TIMER_MS)),
    );
    timer.unref();
    this.#timers.add(timer);
  }

  #fire(source: ResolvedSource, slot: Date): void {
    this.#plan(source, slot);
    this.#track(source, slot.toISOString(), this.#sync.runSlot(source, slot));
  }

  /** Logs a run's outcome (none: another process claimed the slot) and keeps it until it ends, for `stop`. */
  #track(source: ResolvedSource, slot: string, outcome: Promise<RunOutcome | undefined>): void {
    const run = outcome
      .then((done) => {
        if (done !== undefined) this.#logger.info({ sourceId: source.definition.id, slot, outcome: done.status }, 'sync schedule: slot run');
      })
      .catch((error: unknown) => this.#logger.error({ err: error, sourceId: source.definition.id }, 'sync schedule: slot failed'))
      .finally(() => this.#running.delete(run));
    this.#running.add(run);
  }

  #clearTimers(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
