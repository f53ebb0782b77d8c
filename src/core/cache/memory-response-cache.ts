import type { Clock } from '../clock.ts';
import type { CachedResponse, ResponseCache } from './response-cache.ts';

interface Entry {
  json: string;
  expiresAtMs: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * The in-process adapter. Values are stored serialised, as a shared store would hold them,
 * so a caller can never mutate a cached answer. Past `maxEntries` the oldest entry goes first.
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
    return { value: JSON.parse(entry.json) as Value, expiresAt: new Date(entry.expiresAtMs) };
  }

  async set<Value>(key: string, value: Value, expiresAt: Date): Promise<void> {
    const expiresAtMs = expiresAt.getTime();
    if (expiresAtMs <= this.#clock.now().getTime()) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { json: JSON.stringify(value), expiresAtMs });
  }

  async close(): Promise<void> {
    this.#entries.clear();
  }
}
