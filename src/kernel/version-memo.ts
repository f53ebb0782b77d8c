import type { DataVersions } from './data-versions.ts';
import type { MaybePromise } from './maybe-promise.ts';

interface Read {
  versions: Promise<DataVersions>;
  /** What the read found, once it has: handed out as it is, so a caller need not wait a turn for it. */
  found?: DataVersions;
  /** When the read started: it sees every commit made before then. */
  startedMs: number;
  generation: number;
}

/**
 * The versions last read, reused while they are young enough and nothing announced a change.
 * Ages are measured from when a read started, so a read that began before a commit never
 * passes for one made after it. Concurrent callers share one read. Wall time (performance.now),
 * not the injected clock: freshness is about other processes' commits, which happen in real time.
 */
export class VersionMemo {
  readonly #read: () => Promise<DataVersions>;
  #generation = 0;
  #last: Read | undefined;

  constructor(read: () => Promise<DataVersions>) {
    this.#read = read;
  }

  /** A change was announced: reads started before now no longer count. */
  invalidate(): void {
    this.#generation++;
  }

  current(maxAgeMs: number): MaybePromise<DataVersions> {
    const now = performance.now();
    const last = this.#last;
    if (last !== undefined && last.generation === this.#generation && now - last.startedMs < maxAgeMs) return last.found ?? last.versions;
    const read: Read = { versions: this.#read(), startedMs: now, generation: this.#generation };
    this.#last = read;
    read.versions.then(
      (versions) => {
        read.found = versions;
      },
      // A failed read is not kept: the next caller tries again.
      () => {
        if (this.#last === read) this.#last = undefined;
      },
    );
    return read.versions;
  }
}
