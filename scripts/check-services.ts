/**
 * Fails when the PostgreSQL or Redis named by FDH_TEST_DATABASE_URL / FDH_TEST_REDIS_URL
 * cannot be reached, so CI never passes by skipping the tests that need them.
 */
import pg from 'pg';
import { Redis } from 'ioredis';

async function checkPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  await client.query('select 1');
  await client.end();
}

async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await redis.connect();
  await redis.ping();
  redis.disconnect();
}

const failures: string[] = [];
for (const [name, url, check] of [
  ['FDH_TEST_DATABASE_URL', process.env.FDH_TEST_DATABASE_URL, checkPostgres],
  ['FDH_TEST_REDIS_URL', process.env.FDH_TEST_REDIS_URL, checkRedis],
] as const) {
  if (url === undefined || url === '') {
    failures.push(`${name} is not set`);
    continue;
  }
  try {
    await check(url);
    process.stdout.write(`${name}: reachable\n`);
  } catch (error) {
    failures.push(`${name} (${url.replace(/\/\/[^@]*@/, '//***@')}) is unreachable: ${(error as Error).message}`);
  }
}
if (failures.length > 0) {
  process.stderr.write(failures.map((f) => `check-services: ${f}\n`).join(''));
  process.exit(1);
}
