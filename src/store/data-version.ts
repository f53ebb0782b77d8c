import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

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

/** Adds one to the version of each key, inside the writer's transaction: the bump commits with the data or not at all. */
export async function bumpVersions(trx: Transaction<Database>, keys: readonly VersionKey[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await trx
    .insertInto('data_version')
    .values(unique.map((dataset) => ({ dataset, version: 1 })))
    .onConflict((oc) => oc.column('dataset').doUpdateSet((eb) => ({ version: eb('data_version.version', '+', 1) })))
    .execute();
}

function isVersionKey(name: string): name is VersionKey {
  return (VERSION_KEYS as readonly string[]).includes(name);
}

export async function readVersions(db: Kysely<Database>): Promise<DataVersions> {
  const rows = await db.selectFrom('data_version').select(['dataset', 'version']).execute();
  const versions = Object.fromEntries(VERSION_KEYS.map((key) => [key, 0])) as Record<VersionKey, number>;
  for (const row of rows) if (isVersionKey(row.dataset)) versions[row.dataset] = Number(row.version);
  return versions;
}

/** The part of a cache key that names the data an answer was computed from, e.g. `equities=3`. */
export function versionsTag(versions: DataVersions, keys: readonly DatasetKey[]): string {
  return keys.map((key) => `${key}=${versions[key]}`).join(',');
}
