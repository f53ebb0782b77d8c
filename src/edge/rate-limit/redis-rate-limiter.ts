import type { Redis } from 'ioredis';
import { PAST_DEADLINE, withinDeadline } from '../../kernel/redis.ts';
import {
  WINDOW_MS,
  decisionFor,
  tighterOf,
  windowStartOf,
  type QuotaDecision,
  type QuotaRequest,
  type RateLimiter,
  type RateLimiterStatus,
} from './rate-limiter.ts';

/**
 * Check and charge in one atomic step, for every quota request of one batch in turn: no two
 * processes can both spend the last unit, and a batch sees its own earlier charges.
 * KEYS: two window counters per request, the subject's and its inner budget's (the subject's
 * again when it has none); ARGV: the counters' time to live, then weight, budget and inner
 * budget (0: none) per request. Returns admitted (1|0), the subject's count and the inner
 * count after the decision, per request, flattened.
 */
const CONSUME_SCRIPT = `
local ttl = ARGV[1]
local results = {}
for i = 1, #KEYS / 2 do
  local outer = KEYS[2 * i - 1]
  local inner = KEYS[2 * i]
  local weight = tonumber(ARGV[3 * i - 1])
  local budget = tonumber(ARGV[3 * i])
  local innerBudget = tonumber(ARGV[3 * i + 1])
  local used = tonumber(redis.call('GET', outer) or '0')
  local innerUsed = 0
  if innerBudget > 0 then innerUsed = tonumber(redis.call('GET', inner) or '0') end
  if used + weight > budget or (innerBudget > 0 and innerUsed + weight > innerBudget) then
    results[3 * i - 2] = 0
  else
    used = redis.call('INCRBY', outer, weight)
    redis.call('PEXPIRE', outer, ttl)
    if innerBudget > 0 then
      innerUsed = redis.call('INCRBY', inner, weight)
      redis.call('PEXPIRE', inner, ttl)
    end
    results[3 * i - 2] = 1
  end
  results[3 * i - 1] = used
  results[3 * i] = innerUsed
end
return results
`;

type ConsumingRedis = Redis & {
  fdhConsume(keyCount: number, ...keysThenArguments: (string | number)[]): Promise<number[]>;
};

type Charge = [admitted: number, used: number, innerUsed: number];

interface PendingBatch {
  keys: string[];
  /** Weight, budget and inner budget per request, in order. */
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

  charge(keys: [outer: string, inner: string], weight: number, budget: number, innerBudget: number): Promise<Charge | typeof PAST_DEADLINE> {
    let batch = this.#pending;
    if (batch === undefined) {
      batch = { keys: [], limits: [], settle: [] };
      this.#pending = batch;
      setImmediate(() => this.#send());
    }
    batch.keys.push(...keys);
    batch.limits.push(weight, budget, innerBudget);
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
        batch.settle.forEach((settler, i) => {
          settler.resolve(answer === PAST_DEADLINE ? PAST_DEADLINE : [Number(answer[3 * i]), Number(answer[3 * i + 1]), Number(answer[3 * i + 2])]);
        });
      },
      (error: unknown) =>
        batch.settle.forEach((settler) => {
          settler.reject(error);
        }),
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
    const { inner } = request;
    const count = this.#countFor(request.subject, windowStart);
    const innerCount = inner === undefined ? undefined : this.#countFor(inner.subject, windowStart);
    const decide = (allowed: boolean) =>
      tighterOf(
        decisionFor(allowed, request.budget, count.sharedUsed + count.localUsed, windowStart),
        inner === undefined || innerCount === undefined
          ? undefined
          : decisionFor(allowed, inner.budget, innerCount.sharedUsed + innerCount.localUsed, windowStart),
      );
    if (this.#redis.status === 'ready') {
      try {
        const outerKey = this.#key(request.subject, windowStart);
        const keys: [string, string] = [outerKey, inner === undefined ? outerKey : this.#key(inner.subject, windowStart)];
        const answer = await this.#charges.charge(keys, request.weight, request.budget, inner?.budget ?? 0);
        if (answer !== PAST_DEADLINE) {
          const [admitted, used, innerUsed] = answer;
          count.sharedUsed = used;
          count.localUsed = 0;
          if (innerCount !== undefined) {
            innerCount.sharedUsed = innerUsed;
            innerCount.localUsed = 0;
          }
          return decide(admitted === 1);
        }
      } catch {
        // Unanswered within the timeout: decide locally below.
      }
    }
    const fits = (c: LocalCount, budget: number) =>
      c.localUsed + request.weight <= Math.max(1, Math.floor(budget / this.#sharingProcesses)) && c.sharedUsed + c.localUsed + request.weight <= budget;
    const allowed = fits(count, request.budget) && (inner === undefined || innerCount === undefined || fits(innerCount, inner.budget));
    if (allowed) {
      count.localUsed += request.weight;
      if (innerCount !== undefined) innerCount.localUsed += request.weight;
    }
    return decide(allowed);
  }

  async peek(request: Omit<QuotaRequest, 'weight'>): Promise<QuotaDecision> {
    const windowStart = windowStartOf(request.nowMs);
    const { inner } = request;
    return tighterOf(
      await this.#peekOne(request.subject, request.budget, windowStart),
      inner === undefined ? undefined : await this.#peekOne(inner.subject, inner.budget, windowStart),
    );
  }

  async #peekOne(subject: string, budget: number, windowStart: number): Promise<QuotaDecision> {
    if (this.#redis.status === 'ready') {
      try {
        const answer = await withinDeadline(this.#redis.get(this.#key(subject, windowStart)));
        if (answer !== PAST_DEADLINE) return decisionFor(true, budget, Number(answer ?? 0), windowStart);
      } catch {
        // Fall through to what this process knows.
      }
    }
    const count = this.#countFor(subject, windowStart);
    return decisionFor(true, budget, count.sharedUsed + count.localUsed, windowStart);
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
