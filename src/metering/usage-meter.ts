import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from '../kernel/clock.ts';
import type { Plans } from '../edge/auth/plans.ts';
import { weightOf } from '../edge/route-config.ts';
import type { UsageMinuteRow } from '../store/tables/accounts.tables.ts';
import type { UsageRepo } from './usage.repo.ts';
import { usageReport, type UsageReport, type UsageWindow } from './usage-report.ts';
import { STATUS_CLASSES, statusIndexOf } from './status-classes.ts';

/** How often counts go to the store: the dashboard shows another process's calls within this. */
export const FLUSH_INTERVAL_MS = 10_000;
/** How often old rows are deleted. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

interface Tally {
  requests: number;
  weight: number;
}

/**
 * One minute's counts: key id → the route's path template (`/commodities/{id}/history`;
 * null for an unknown path) → account id and a tally per status class (STATUS_CLASSES order).
 * Nested maps keyed by strings the request already holds, so counting builds no new string.
 */
type MinuteCounts = Map<string, Map<string | null, { accountId: string; tallies: (Tally | undefined)[] }>>;

/** The endpoint column of an unknown path under the API prefix. */
const UNKNOWN_ENDPOINT = '(unknown path)';

/**
 * Counts every authenticated `/openapi/v1` call by key, account, endpoint, status class and
 * minute, in memory, and adds the counts to the store in batches (every FLUSH_INTERVAL_MS, on
 * demand and at shutdown). Counting is a few map lookups and two additions on the request path;
 * the store sees one upsert per distinct row per flush, not one write per call.
 */
export class UsageMeter {
  #pending = new Map<number, MinuteCounts>();
  /** Rows a failed flush could not write: they go with the next one. */
  #unwritten: UsageMinuteRow[] = [];
  /** The minute counted last and its counts: nearly every call lands in the same minute as the one before. */
  #minute = -1;
  #counts: MinuteCounts | undefined;
  readonly #repo: UsageRepo;
  readonly #clock: Clock;
  readonly #plans: Plans;
  readonly #logger: Logger;
  readonly #retentionMinutes: number;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #lastPruneMs = 0;

  constructor(options: { repo: UsageRepo; clock: Clock; plans: Plans; logger: Logger; retentionDays: number }) {
    this.#repo = options.repo;
    this.#clock = options.clock;
    this.#plans = options.plans;
    this.#logger = options.logger;
    this.#retentionMinutes = options.retentionDays * 24 * 60;
  }

  /** Called once per answered request (from the access log); counts it when a key was authenticated. */
  requestCompleted(request: FastifyRequest, reply: FastifyReply): void {
    const auth = request.auth;
    if (auth === undefined) return;
    const route = request.apiRoute;
    // The call's weight, as the gate charged it; only when the quota admitted the call (a 429 or a 403 costs nothing).
    const weight = route !== undefined && request.quota?.allowed === true ? weightOf(this.#plans, route, request.query) : 0;
    this.#count(auth.key.id, auth.key.accountId, route?.pathTemplate ?? null, reply.statusCode, weight);
  }

  #count(keyId: string, accountId: string, route: string | null, statusCode: number, weight: number): void {
    const minute = Math.floor(this.#clock.now().getTime() / 60_000);
    let counts = this.#counts;
    if (minute !== this.#minute || counts === undefined) counts = this.#countsOf(minute);
    let byRoute = counts.get(keyId);
    if (byRoute === undefined) {
      byRoute = new Map();
      counts.set(keyId, byRoute);
    }
    let entry = byRoute.get(route);
    if (entry === undefined) {
      entry = { accountId, tallies: [undefined, undefined, undefined, undefined] };
      byRoute.set(route, entry);
    }
    const index = statusIndexOf(statusCode);
    const tally = entry.tallies[index];
    if (tally === undefined) entry.tallies[index] = { requests: 1, weight };
    else {
      tally.requests++;
      tally.weight += weight;
    }
  }

  #countsOf(minute: number): MinuteCounts {
    let counts = this.#pending.get(minute);
    if (counts === undefined) {
      counts = new Map();
      this.#pending.set(minute, counts);
      this.#timer ??= setInterval(() => void this.#tick(), FLUSH_INTERVAL_MS).unref();
    }
    this.#minute = minute;
    this.#counts = counts;
    return counts;
  }

  /** Writes what was counted so far; flushes never overlap. A failed write keeps its counts for the next one. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  /** One account's usage over a window, including this process's calls not yet flushed. */
  async report(accountId: string, window: UsageWindow, now: Date): Promise<UsageReport> {
    await this.flush();
    return usageReport(this.#repo, accountId, window, now);
  }

  /** When each key of the account was last used (the start of that minute), within the retention. */
  async lastUsed(accountId: string): Promise<Map<string, string>> {
    await this.flush();
    const minutes = await this.#repo.lastUsedMinutes(accountId);
    return new Map([...minutes].map(([keyId, minute]) => [keyId, new Date(minute * 60_000).toISOString()]));
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  /** Deletes the counts older than the retention. */
  async deleteExpired(): Promise<void> {
    await this.#repo.deleteBefore(Math.floor(this.#clock.now().getTime() / 60_000) - this.#retentionMinutes);
  }

  async #tick(): Promise<void> {
    await this.flush();
    const nowMs = this.#clock.now().getTime();
    if (nowMs - this.#lastPruneMs < PRUNE_INTERVAL_MS) return;
    this.#lastPruneMs = nowMs;
    await this.deleteExpired().catch((error: unknown) => this.#logger.warn({ err: error }, 'could not delete old usage rows; trying again later'));
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0 && this.#unwritten.length === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    this.#counts = undefined;
    // One row per conflict target: PostgreSQL refuses to update a row twice in one statement.
    const rows = new Map<string, UsageMinuteRow>();
    const add = (row: UsageMinuteRow) => {
      const id = `${row.minute} ${row.key_id} ${row.endpoint} ${row.status_class}`;
      const same = rows.get(id);
      if (same === undefined) rows.set(id, row);
      else rows.set(id, { ...same, requests: same.requests + row.requests, weight: same.weight + row.weight });
    };
    for (const row of this.#unwritten) add(row);
    this.#unwritten = [];
    for (const [minute, counts] of batch) {
      for (const [keyId, byRoute] of counts) {
        for (const [route, { accountId, tallies }] of byRoute) {
          const endpoint = route ?? UNKNOWN_ENDPOINT;
          tallies.forEach((tally, index) => {
            const statusClass = STATUS_CLASSES[index];
            if (tally === undefined || statusClass === undefined) return;
            add({ minute, key_id: keyId, account_id: accountId, endpoint, status_class: statusClass, requests: tally.requests, weight: tally.weight });
          });
        }
      }
    }
    try {
      await this.#repo.add([...rows.values()]);
    } catch (error) {
      this.#logger.warn({ err: error, rows: rows.size }, 'could not write usage counts; keeping them for the next flush');
      this.#unwritten = [...rows.values()];
    }
  }
}
