import type { Kysely, Transaction } from 'kysely';
import { bumpVersions } from './data-version.ts';
import type { VersionKey } from '../kernel/data-versions.ts';
import type { Database } from './schema.ts';

export type CommitListener = (changed: readonly VersionKey[]) => void;

/**
 * Who hears of a commit, by the Kysely instance it went through: writers are handed the
 * store's `db` (importFile, the demo seed) and the process's version watcher listens on that
 * same instance, so a commit in this process is known the moment it returns.
 */
const listeners = new WeakMap<Kysely<Database>, Set<CommitListener>>();

/** Calls `listener` after each versioned commit through `db`; returns the way to stop. */
export function onVersionedCommit(db: Kysely<Database>, listener: CommitListener): () => void {
  let set = listeners.get(db);
  if (set === undefined) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export interface VersionedWrite<Result> {
  result: Result;
  /** The keys the write changed; none when it added nothing. */
  changed: readonly VersionKey[];
}

/** Runs `write` in one transaction that also bumps the versions of what it changed, then tells the listeners. */
export async function writeVersioned<Result>(db: Kysely<Database>, write: (trx: Transaction<Database>) => Promise<VersionedWrite<Result>>): Promise<Result> {
  const { result, changed } = await db.transaction().execute(async (trx) => {
    const outcome = await write(trx);
    await bumpVersions(trx, outcome.changed);
    return outcome;
  });
  announceCommit(db, changed);
  return result;
}

/**
 * Tells this process's listeners on `db` of a commit made elsewhere on the same store (a sync
 * run's worker thread commits through its own connection), as soon as it is known.
 */
export function announceCommit(db: Kysely<Database>, changed: readonly VersionKey[]): void {
  if (changed.length > 0) for (const listener of listeners.get(db) ?? []) listener(changed);
}
