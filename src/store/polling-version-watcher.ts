import type { Kysely } from 'kysely';
import { readVersions } from './data-version.ts';
import type { DataVersions } from '../kernel/data-versions.ts';
import type { Database } from './schema.ts';
import { onVersionedCommit } from './versioned-write.ts';
import type { MaybePromise } from '../kernel/maybe-promise.ts';
import { VersionMemo } from '../kernel/version-memo.ts';
import { POLL_INTERVAL_MS, type VersionWatcher } from '../kernel/version-watcher.ts';

/**
 * The adapter without Redis: this process's commits are heard directly; other processes' are
 * found by reading the version rows again, at most every POLL_INTERVAL_MS and only when asked
 * (an idle server reads nothing).
 */
export class PollingVersionWatcher implements VersionWatcher {
  readonly #memo: VersionMemo;
  readonly #stopListening: () => void;

  constructor(db: Kysely<Database>) {
    this.#memo = new VersionMemo(() => readVersions(db));
    this.#stopListening = onVersionedCommit(db, () => this.#memo.invalidate());
  }

  current(): MaybePromise<DataVersions> {
    return this.#memo.current(POLL_INTERVAL_MS);
  }

  async close(): Promise<void> {
    this.#stopListening();
  }
}
