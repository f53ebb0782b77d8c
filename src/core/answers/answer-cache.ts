import type { PreparedAnswer } from './prepared-answer.ts';

/** An answer as first sent, and as sent again from the cache (the same unless the route says otherwise). */
export interface AnswerPair {
  first: PreparedAnswer;
  repeat: PreparedAnswer;
}

interface Entry {
  pair: AnswerPair;
  bytes: number;
}

/**
 * Prepared answers by key (route, canonical parameters, data versions, time), bounded by bytes:
 * the least recently used go first. Concurrent misses of one key compute once. A computation
 * that fails is not kept.
 */
export class AnswerCache {
  readonly #maxBytes: number;
  readonly #onLookup: (hit: boolean) => void;
  readonly #entries = new Map<string, Entry>();
  readonly #computing = new Map<string, Promise<AnswerPair>>();
  #bytes = 0;

  /** `onLookup` hears of every lookup, whether it found a kept answer (metrics). */
  constructor(maxBytes: number, onLookup: (hit: boolean) => void = () => {}) {
    this.#maxBytes = maxBytes;
    this.#onLookup = onLookup;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The answer kept for `key` (its repeat), or the one `compute` makes (its first), given a way
   * to report its growth.
   */
  async get(key: string, compute: (onGrow: (bytes: number) => void) => Promise<AnswerPair>): Promise<PreparedAnswer> {
    const entry = this.#entries.get(key);
    this.#onLookup(entry !== undefined);
    if (entry !== undefined) {
      // Map order is the recency order: a hit moves to the end.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.pair.repeat;
    }
    let computing = this.#computing.get(key);
    if (computing === undefined) {
      computing = compute((bytes) => this.#grow(key, bytes)).finally(() => this.#computing.delete(key));
      this.#computing.set(key, computing);
      void computing.then((pair) => this.#keep(key, pair), () => {});
    }
    return (await computing).first;
  }

  #keep(key: string, pair: AnswerPair): void {
    const entry = { pair, bytes: pair.first.bytes + (pair.repeat === pair.first ? 0 : pair.repeat.bytes) };
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
  }

  #grow(key: string, bytes: number): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    entry.bytes += bytes;
    this.#bytes += bytes;
    this.#evict();
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
