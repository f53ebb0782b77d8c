/**
 * The datasets whose changes answers depend on. A writer names the keys it touched; an answer
 * names the keys it read. `instruments` holds the FX, index and commodity daily closes.
 */
export const DATASET_KEYS = ['instruments', 'crypto', 'etf', 'macro', 'equities', 'news', 'calendar', 'real-estate'] as const;

export type DatasetKey = (typeof DATASET_KEYS)[number];

/**
 * Every versioned key: the datasets, and `accounts`, bumped when an account's plan or status or
 * a key's state changes, so every process's key cache drops what it holds (answers do not read
 * it: they key on DATASET_KEYS only).
 */
export const VERSION_KEYS = [...DATASET_KEYS, 'accounts'] as const;

export type VersionKey = (typeof VERSION_KEYS)[number];

/** The version of every key; 0 for a key never written. */
export type DataVersions = Readonly<Record<VersionKey, number>>;

/** The part of a cache key that names the data an answer was computed from, e.g. `equities=3`. */
export function versionsTag(versions: DataVersions, keys: readonly DatasetKey[]): string {
  return keys.map((key) => `${key}=${versions[key]}`).join(',');
}
