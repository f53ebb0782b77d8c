import type { Clock } from '../clock.ts';
import type { CachedResponse, ResponseCache } from './response-cache.ts';

interface Entry {
  value: unknown;
  expiresAtMs: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * The in-process adapter. A value is copied once when stored (a caller changing its object
 * later cannot change the cached answer) and handed out as is on every hit, so a hit costs
 * no parsing: readers must treat it as read-only. Past `maxEntries` the oldest entry goes first.
 */
export class MemoryResponseCache implements ResponseCache {
  readonly #clock: Clock;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, Entry>();

  constructor(options: { clock: Clock; maxEntries?: number }) {
    this.#clock = options.clock;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  async get<Value>(key: string): Promise<CachedResponse<Value> | undefined> {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAtMs <= this.#clock.now().getTime()) {
      this.#entries.delete(key);
      return undefined;
    }
    return { value: entry.value as Value, expiresAt: new Date(entry.expiresAtMs) };
  }

  async set<Value>(key: string, value: Value, expiresAt: Date): Promise<void> {
    const expiresAtMs = expiresAt.getTime();
    if (expiresAtMs <= this.#clock.now().getTime()) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value: structuredClone(value), expiresAtMs });
  }

  async close(): Promise<void> {
    this.#entries.clear();
  }
}
