import type { Redis } from 'ioredis';
import { PAST_DEADLINE, withinDeadline } from '../redis.ts';
import type { Clock } from '../clock.ts';
import type { CachedResponse, ResponseCache } from './response-cache.ts';

interface Stored {
  value: unknown;
  expiresAtMs: number;
}

/**
 * The shared adapter: one JSON value per key, expiring in Redis at the same instant
 * (`PXAT`). A Redis failure is a miss on read and a no-op on write, so an unreachable Redis
 * slows answers down (each is computed) but never fails them; a read waits at most the Redis
 * deadline (`withinDeadline`).
 */
export class RedisResponseCache implements ResponseCache {
  readonly #redis: Redis;
  readonly #clock: Clock;
  readonly #prefix: string;

  constructor(options: { redis: Redis; clock: Clock; keyPrefix: string }) {
    this.#redis = options.redis;
    this.#clock = options.clock;
    this.#prefix = `${options.keyPrefix}cache:`;
  }

  async get<Value>(key: string): Promise<CachedResponse<Value> | undefined> {
    let json: string | null | typeof PAST_DEADLINE;
    try {
      json = await withinDeadline(this.#redis.get(this.#prefix + key));
    } catch {
      return undefined;
    }
    if (json === null || json === PAST_DEADLINE) return undefined;
    const stored = JSON.parse(json) as Stored;
    // The hub's clock decides, as in the memory adapter (Redis only drops the key eventually).
    if (stored.expiresAtMs <= this.#clock.now().getTime()) return undefined;
    return { value: stored.value as Value, expiresAt: new Date(stored.expiresAtMs) };
  }

  async set<Value>(key: string, value: Value, expiresAt: Date): Promise<void> {
    const expiresAtMs = expiresAt.getTime();
    if (expiresAtMs <= this.#clock.now().getTime()) return;
    const stored: Stored = { value, expiresAtMs };
    try {
      await withinDeadline(this.#redis.set(this.#prefix + key, JSON.stringify(stored), 'PXAT', Math.max(expiresAtMs, Date.now() + 1000)));
    } catch {
      // A cache that cannot be written is a cache that misses: the answer is still served.
    }
  }

  /** The connection belongs to the runtime, which closes it. */
  async close(): Promise<void> {}
}
