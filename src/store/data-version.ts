import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';
import { VERSION_KEYS, type DataVersions, type VersionKey } from '../kernel/data-versions.ts';

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
