import type { Redis } from 'ioredis';
import { PAST_DEADLINE, withinDeadline } from '../redis.ts';
import {
  WINDOW_MS,
  decisionFor,
  windowStartOf,
  type QuotaDecision,
  type QuotaRequest,
  type RateLimiter,
  type RateLimiterStatus,
} from './rate-limiter.ts';

/**
 * Check and charge in one atomic step: no two processes can both spend the last unit.
 * Returns {admitted (1|0), used after the decision}.
 */
const CONSUME_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local weight = tonumber(ARGV[1])
if used + weight > tonumber(ARGV[2]) then
  return {0, used}
end
used = redis.call('INCRBY', KEYS[1], weight)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, used}
`;

type ConsumingRedis = Redis & {
  fdhConsume(key: string, weight: number, budget: number, ttlMs: number): Promise<[number, number]>;
};

/** What this process has counted for one subject in one window while Redis could not answer. */
interface LocalCount {
  windowStart: number;
  /** The shared count last read from Redis in this window. */
  sharedUsed: number;
  /** Weight admitted locally since then. */
  localUsed: number;
}

/**
 * The quota shared by every process through Redis (ADR 0004). When Redis cannot answer within
 * its command timeout, the process limits locally: it goes on from the last shared count it saw
 * and admits at most its share of the budget (the budget divided by the expected number of
 * nodes) until Redis answers again, when the shared count takes over by itself.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: ConsumingRedis;
  readonly #prefix: string;
  readonly #expectedNodes: number;
  #counts = new Map<string, LocalCount>();
  #countsWindow = 0;

  constructor(options: { redis: Redis; keyPrefix: string; expectedNodes: number }) {
    options.redis.defineCommand('fdhConsume', { numberOfKeys: 1, lua: CONSUME_SCRIPT });
    this.#redis = options.redis as ConsumingRedis;
    this.#prefix = options.keyPrefix;
    this.#expectedNodes = options.expectedNodes;
  }

  #key(subject: string, windowStart: number): string {
    return `${this.#prefix}quota:${subject}:${windowStart}`;
  }

  #countFor(subject: string, windowStart: number): LocalCount {
    if (windowStart !== this.#countsWindow) {
      this.#counts = new Map();
      this.#countsWindow = windowStart;
    }
    let count = this.#counts.get(subject);
    if (count === undefined) {
      count = { windowStart, sharedUsed: 0, localUsed: 0 };
      this.#counts.set(subject, count);
    }
    return count;
  }

  async consume(request: QuotaRequest): Promise<QuotaDecision> {
    const windowStart = windowStartOf(request.nowMs);
    const count = this.#countFor(request.subject, windowStart);
    if (this.#redis.status === 'ready') {
      try {
        // The key outlives its window a little so clock skew between nodes cannot reopen it.
        const answer = await withinDeadline(
          this.#redis.fdhConsume(this.#key(request.subject, windowStart), request.weight, request.budget, WINDOW_MS * 2),
        );
        if (answer !== PAST_DEADLINE) {
          const [admitted, used] = answer;
          count.sharedUsed = Number(used);
          count.localUsed = 0;
          return decisionFor(admitted === 1, request.budget, count.sharedUsed, windowStart);
        }
      } catch {
        // Unanswered within the timeout: decide locally below.
      }
    }
    const share = Math.max(1, Math.floor(request.budget / this.#expectedNodes));
    const used = count.sharedUsed + count.localUsed;
    const allowed = count.localUsed + request.weight <= share && used + request.weight <= request.budget;
    if (allowed) count.localUsed += request.weight;
    return decisionFor(allowed, request.budget, count.sharedUsed + count.localUsed, windowStart);
  }

  async peek(request: Omit<QuotaRequest, 'weight'>): Promise<QuotaDecision> {
    const windowStart = windowStartOf(request.nowMs);
    if (this.#redis.status === 'ready') {
      try {
        const answer = await withinDeadline(this.#redis.get(this.#key(request.subject, windowStart)));
        if (answer !== PAST_DEADLINE) return decisionFor(true, request.budget, Number(answer ?? 0), windowStart);
      } catch {
        // Fall through to what this process knows.
      }
    }
    const count = this.#countFor(request.subject, windowStart);
    return decisionFor(true, request.budget, count.sharedUsed + count.localUsed, windowStart);
  }

  async status(): Promise<RateLimiterStatus> {
    if (this.#redis.status !== 'ready') return 'degraded';
    try {
      return (await withinDeadline(this.#redis.ping())) === PAST_DEADLINE ? 'degraded' : 'shared';
    } catch {
      return 'degraded';
    }
  }

  async close(): Promise<void> {}
}
