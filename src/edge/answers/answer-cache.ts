import type { MaybePromise } from '../../kernel/maybe-promise.ts';
import type { PreparedAnswer } from './prepared-answer.ts';

/** An answer as first sent, and as sent again from the cache (the same unless the route says otherwise). */
export interface AnswerPair {
  first: PreparedAnswer;
  repeat: PreparedAnswer;
}

interface Entry {
  pair: AnswerPair;
  /** The pair's bytes when last read: an answer grows when a response first asks for a compressed form. */
  bytes: number;
}

const bytesOf = (pair: AnswerPair) => pair.first.bytes + (pair.repeat === pair.first ? 0 : pair.repeat.bytes);

/**
 * Prepared answers by key (route, canonical parameters, data versions, time), bounded by bytes:
 * the least recently used go first. Concurrent misses of one key compute once. A computation
 * that fails is not kept. The cache reads each answer's size itself: that entry's on each hit,
 * every entry's when one is added, so growth since is counted before anything is evicted.
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

  /** The answer kept for `key` (its repeat), at once, or the one `compute` makes (its first). */
  get(key: string, compute: () => Promise<AnswerPair>): MaybePromise<PreparedAnswer> {
    const entry = this.#entries.get(key);
    this.#onLookup(entry !== undefined);
    if (entry !== undefined) {
      // Map order is the recency order: a hit moves to the end.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      // Only a hit whose answer grew (its first compressed form) can push the cache over its bound.
      if (this.#reread(entry)) this.#evict();
      return entry.pair.repeat;
    }
    let computing = this.#computing.get(key);
    if (computing === undefined) {
      computing = compute().finally(() => this.#computing.delete(key));
      this.#computing.set(key, computing);
      void computing.then(
        (pair) => this.#keep(key, pair),
        () => {},
      );
    }
    return computing.then((pair) => pair.first);
  }

  #keep(key: string, pair: AnswerPair): void {
    for (const kept of this.#entries.values()) this.#reread(kept);
    const entry = { pair, bytes: bytesOf(pair) };
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
  }

  /** Whether the entry grew since last read. */
  #reread(entry: Entry): boolean {
    const bytes = bytesOf(entry.pair);
    const grown = bytes - entry.bytes;
    if (grown === 0) return false;
    this.#bytes += grown;
    entry.bytes = bytes;
    return grown > 0;
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
