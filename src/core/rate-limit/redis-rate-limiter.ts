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
 * Check and charge in one atomic step, for every quota request of one batch in turn: no two
 * processes can both spend the last unit, and a batch sees its own earlier charges.
 * KEYS: the window counters; ARGV: the counters' time to live, then weight and budget per key.
 * Returns admitted (1|0) and the count after the decision, per key, flattened.
 */
const CONSUME_SCRIPT = `
local ttl = ARGV[1]
local results = {}
for i, key in ipairs(KEYS) do
  local weight = tonumber(ARGV[2 * i])
  local budget = tonumber(ARGV[2 * i + 1])
  local used = tonumber(redis.call('GET', key) or '0')
  if used + weight > budget then
    results[2 * i - 1] = 0
  else
    used = redis.call('INCRBY', key, weight)
    redis.call('PEXPIRE', key, ttl)
    results[2 * i - 1] = 1
  end
  results[2 * i] = used
end
return results
`;

type ConsumingRedis = Redis & {
  fdhConsume(keyCount: number, ...keysThenArguments: (string | number)[]): Promise<number[]>;
};

type Charge = [admitted: number, used: number];

interface PendingBatch {
  keys: string[];
  /** Weight and budget per key, in order. */
  limits: number[];
  settle: { resolve(answer: Charge | typeof PAST_DEADLINE): void; reject(error: unknown): void }[];
}

/**
 * Gathers the quota requests of one turn of the event loop into one script call. Requests
 * that arrive together (a poll phase can parse many) share one round trip to Redis instead
 * of paying one each; the batch goes out in the same turn, after the poll phase.
 */
class ChargeBatcher {
  readonly #redis: ConsumingRedis;
  #pending: PendingBatch | undefined;

  constructor(redis: ConsumingRedis) {
    this.#redis = redis;
  }

  charge(key: string, weight: number, budget: number): Promise<Charge | typeof PAST_DEADLINE> {
    let batch = this.#pending;
    if (batch === undefined) {
      batch = { keys: [], limits: [], settle: [] };
      this.#pending = batch;
      setImmediate(() => this.#send());
    }
    batch.keys.push(key);
    batch.limits.push(weight, budget);
    const settlers = batch.settle;
    return new Promise((resolve, reject) => settlers.push({ resolve, reject }));
  }

  #send(): void {
    const batch = this.#pending;
    this.#pending = undefined;
    if (batch === undefined) return;
    // The key outlives its window a little so clock skew between nodes cannot reopen it.
    const sent = this.#redis.fdhConsume(batch.keys.length, ...batch.keys, WINDOW_MS * 2, ...batch.limits);
    withinDeadline(sent).then(
      (answer) => {
        batch.settle.forEach((settler, i) =>
          settler.resolve(answer === PAST_DEADLINE ? PAST_DEADLINE : [Number(answer[2 * i]), Number(answer[2 * i + 1])]),
        );
      },
      (error: unknown) => batch.settle.forEach((settler) => settler.reject(error)),
    );
  }
}

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
 * and admits at most its share of the budget (the budget divided by the number of processes
 * expected to share it: `FDH_EXPECTED_NODES` × the workers each node runs) until Redis answers again, when the shared count takes over by itself.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: ConsumingRedis;
  readonly #charges: ChargeBatcher;
  readonly #prefix: string;
  readonly #sharingProcesses: number;
  #counts = new Map<string, LocalCount>();
  #countsWindow = 0;

  constructor(options: { redis: Redis; keyPrefix: string; sharingProcesses: number }) {
    options.redis.defineCommand('fdhConsume', { lua: CONSUME_SCRIPT });
    this.#redis = options.redis as ConsumingRedis;
    this.#charges = new ChargeBatcher(this.#redis);
    this.#prefix = options.keyPrefix;
    this.#sharingProcesses = options.sharingProcesses;
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
        const answer = await this.#charges.charge(this.#key(request.subject, windowStart), request.weight, request.budget);
        if (answer !== PAST_DEADLINE) {
          const [admitted, used] = answer;
          count.sharedUsed = used;
          count.localUsed = 0;
          return decisionFor(admitted === 1, request.budget, count.sharedUsed, windowStart);
        }
      } catch {
        // Unanswered within the timeout: decide locally below.
      }
    }
    const share = Math.max(1, Math.floor(request.budget / this.#sharingProcesses));
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
