import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore } from '../src/store/db.ts';

/** Where the bench's hub keeps its data: the embedded file in the data dir, or a PostgreSQL schema of its own. */
export interface BenchStore {
  /** FDH_* settings that point the seed, the key command and `fdh serve` at the store. */
  env: Record<string, string>;
  /** What the report names the store by (never a password). */
  label: string;
  /** Removes what the bench made outside its data dir. */
  drop(): Promise<void>;
}

export const sqliteBenchStore: BenchStore = { env: {}, label: 'embedded SQLite', drop: async () => {} };

/**
 * A fresh schema `fdh_bench_<random>` on the database at `databaseUrl`, migrated here by name:
 * the processes reach it through the URL's `search_path` option, and Kysely's migrator looks
 * its own tables up in every schema (not along the search path), so a schema it has not made
 * itself would be taken for migrated as soon as any other schema on the database is.
 */
export async function postgresBenchStore(databaseUrl: string, dataDir: string): Promise<BenchStore> {
  const schema = `fdh_bench_${randomBytes(4).toString('hex')}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
  };
  try {
    await (await openStore({ databaseUrl, dataDir, schema })).close();
  } catch (error) {
    await drop();
    throw error;
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { env: { FDH_DATABASE_URL: url.toString() }, label: `PostgreSQL, schema ${schema}`, drop };
}
