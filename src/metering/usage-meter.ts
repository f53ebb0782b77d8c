import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from '../core/clock.ts';
import { API_PREFIX, toPathTemplate } from '../core/route.ts';
import type { UsageMinuteRow } from '../accounts/accounts.tables.ts';
import type { UsageRepo } from './usage.repo.ts';
import { usageReport, type UsageReport, type UsageWindow } from './usage-report.ts';

export const STATUS_CLASSES = ['2xx', '4xx', '429', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** How often counts go to the store: the dashboard shows another process's calls within this. */
export const FLUSH_INTERVAL_MS = 10_000;
/** How often old rows are deleted. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

/** 304 counts as answered (2xx); 429 is kept apart from the other refusals. */
export function statusClassOf(statusCode: number): StatusClass {
  if (statusCode < 400) return '2xx';
  if (statusCode === 429) return '429';
  return statusCode < 500 ? '4xx' : '5xx';
}

interface Tally {
  minute: number;
  keyId: string;
  accountId: string;
  /** Fastify's route URL (`/openapi/v1/commodities/:id/history`); null for an unknown path. */
  route: string | null;
  statusClass: StatusClass;
  requests: number;
  weight: number;
}

/** The endpoint column of an unknown path under the API prefix. */
const UNKNOWN_ENDPOINT = '(unknown path)';

/**
 * Counts every authenticated `/openapi/v1` call by key, account, endpoint, status class and
 * minute, in memory, and adds the counts to the store in batches (every FLUSH_INTERVAL_MS, on
 * demand and at shutdown). Counting is one map lookup and two additions on the request path;
 * the store sees one upsert per distinct row per flush, not one write per call.
 */
export class UsageMeter {
  #pending = new Map<string, Tally>();
  readonly #repo: UsageRepo;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #retentionMinutes: number;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #lastPruneMs = 0;

  constructor(options: { repo: UsageRepo; clock: Clock; logger: Logger; retentionDays: number }) {
    this.#repo = options.repo;
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.#retentionMinutes = options.retentionDays * 24 * 60;
  }

  /** Called once per answered request (from the access log); counts it when a key was authenticated. */
  requestCompleted(request: FastifyRequest, reply: FastifyReply): void {
    const auth = request.auth;
    if (auth === undefined) return;
    const minute = Math.floor(this.#clock.now().getTime() / 60_000);
    const route = request.routeOptions.url ?? null;
    const statusClass = statusClassOf(reply.statusCode);
    // The weight the gate announced; charged only when the quota admitted the call (a 429 or a 403 costs nothing).
    const weight = request.quota?.allowed === true ? Number(reply.getHeader('x-ratelimit-weight-used') ?? 0) : 0;
    const id = `${minute} ${auth.key.id} ${route} ${statusClass}`;
    const tally = this.#pending.get(id);
    if (tally === undefined) {
      this.#pending.set(id, { minute, keyId: auth.key.id, accountId: auth.key.accountId, route, statusClass, requests: 1, weight });
      this.#timer ??= setInterval(() => void this.#tick(), FLUSH_INTERVAL_MS).unref();
    } else {
      tally.requests++;
      tally.weight += weight;
    }
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
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    const rows: UsageMinuteRow[] = [];
    for (const tally of batch.values()) {
      rows.push({
        minute: tally.minute,
        key_id: tally.keyId,
        account_id: tally.accountId,
        endpoint: tally.route === null ? UNKNOWN_ENDPOINT : toPathTemplate(tally.route.slice(API_PREFIX.length)),
        status_class: tally.statusClass,
        requests: tally.requests,
        weight: tally.weight,
      });
    }
    try {
      await this.#repo.add(rows);
    } catch (error) {
      this.#logger.warn({ err: error, rows: rows.length }, 'could not write usage counts; keeping them for the next flush');
      for (const [id, tally] of batch) {
        const newer = this.#pending.get(id);
        if (newer === undefined) this.#pending.set(id, tally);
        else {
          newer.requests += tally.requests;
          newer.weight += tally.weight;
        }
      }
    }
  }
}
