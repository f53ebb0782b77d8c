import type { DataVersions } from './data-versions.ts';
import type { MaybePromise } from './maybe-promise.ts';

/**
 * The data-version port: the versions of the datasets as this process knows them. A commit
 * made through this process's store is known at once; one made by another process (an
 * `fdh import` from the shell, another `fdh serve`) within a second. Cached answers key on
 * the versions they read, so no answer outlives its data (docs/adr/0013-data-version.md).
 */
export interface VersionWatcher {
  /** The versions now: at once while the last read is young enough, or once a new read ends. */
  current(): MaybePromise<DataVersions>;
  close(): Promise<void>;
}

/** How stale the versions may be when nothing announces other processes' commits. */
export const POLL_INTERVAL_MS = 250;
