import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which store and quota a test hub runs on. `npm test` runs the suite once embedded (SQLite,
 * in-process quota) and, when FDH_TEST_DATABASE_URL / FDH_TEST_REDIS_URL are set, once more
 * scaled out (PostgreSQL, Redis): FDH_TEST_STORE names the pass.
 */
export type TestStore = 'sqlite' | 'postgres';

export const testStore: TestStore = process.env.FDH_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';
export const testDatabaseUrl = process.env.FDH_TEST_DATABASE_URL;
export const testRedisUrl = process.env.FDH_TEST_REDIS_URL;

/**
 * Every schema a scaled-out test makes starts with this prefix plus the run's id
 * (FDH_TEST_RUN_ID, set by the runner), so the runner drops only its own run's schemas and two
 * runs on one database never drop each other's.
 */
export const TEST_SCHEMA_PREFIX = 'fdh_test_';
const runId = (process.env.FDH_TEST_RUN_ID ?? 'adhoc').toLowerCase().replace(/[^a-z0-9]/g, '');
export const runSchemaPrefix = (id: string = runId): string => `${TEST_SCHEMA_PREFIX}${id}_`;

export interface ScaledOutEnv {
  env: Record<string, string>;
  schema?: string;
  redisKeyPrefix?: string;
}

/**
 * A private PostgreSQL schema and Redis key prefix for one hub in the scaled-out pass. Schemas
 * are not dropped by the test that made them: the runner drops the pass's together after it.
 */
export function scaledOutEnv(): ScaledOutEnv {
  if (testStore !== 'postgres') return { env: {} };
  if (testDatabaseUrl === undefined) throw new Error('FDH_TEST_STORE=postgres needs FDH_TEST_DATABASE_URL');
  const id = randomBytes(6).toString('hex');
  const env: Record<string, string> = { FDH_DATABASE_URL: testDatabaseUrl };
  if (testRedisUrl !== undefined) env.FDH_REDIS_URL = testRedisUrl;
  return { env, schema: `${runSchemaPrefix()}${id}`, redisKeyPrefix: `fdh-test-${id}:` };
}

/** Drops the schemas of one run (its FDH_TEST_RUN_ID), and no other run's. */
export async function dropTestSchemas(databaseUrl: string, id: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select nspname as name from pg_namespace where starts_with(nspname, $1)', [runSchemaPrefix(id)]);
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
    return rows.length;
  } finally {
    await client.end();
  }
}

/**
 * The prefix of the stores a run builds once and copies (test/helpers/store-snapshot.ts): its
 * directories under the temporary directory and its PostgreSQL databases.
 */
export const snapshotPrefix = (id: string = runId): string => `fdh_snapshot_${id}`;

/** Drops the snapshot databases of one run (templates and copies alike), and no other run's. */
export async function dropSnapshotDatabases(databaseUrl: string, id: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select datname as name from pg_database where starts_with(datname, $1)', [snapshotPrefix(id)]);
    for (const { name } of rows) await client.query(`drop database if exists "${name}" with (force)`);
    return rows.length;
  } finally {
    await client.end();
  }
}
