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

export interface ScaledOutEnv {
  env: Record<string, string>;
  schema?: string;
  redisKeyPrefix?: string;
  cleanup(): Promise<void>;
}

/** A private PostgreSQL schema and Redis key prefix for one hub in the scaled-out pass. */
export function scaledOutEnv(): ScaledOutEnv {
  if (testStore !== 'postgres') return { env: {}, cleanup: async () => {} };
  if (testDatabaseUrl === undefined) throw new Error('FDH_TEST_STORE=postgres needs FDH_TEST_DATABASE_URL');
  const id = randomBytes(6).toString('hex');
  const schema = `fdh_test_${id}`;
  const env: Record<string, string> = { FDH_DATABASE_URL: testDatabaseUrl };
  if (testRedisUrl !== undefined) env.FDH_REDIS_URL = testRedisUrl;
  return {
    env,
    schema,
    redisKeyPrefix: `fdh-test-${id}:`,
    async cleanup() {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}
