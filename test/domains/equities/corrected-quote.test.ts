import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { ManualClock } from '../../../src/kernel/clock.ts';
import { createLogger } from '../../../src/kernel/logger.ts';
import { openRuntime } from '../../../src/runtime.ts';
import { importFile } from '../../../src/ingest/source.ts';
import { dailyQuotesImporter } from '../../../src/ingest/importers/equities/daily-quotes.ts';
import { listedInfoImporter } from '../../../src/ingest/importers/equities/listed-info.ts';
import type { Database } from '../../../src/store/schema.ts';
import { runCli } from '../../helpers/cli.ts';
import { createTestDatabase } from '../../helpers/services.ts';
import { testDatabaseUrl, testRedisUrl, testStore } from '../../helpers/stores.ts';
import { db, equitiesHub } from './equities-hub.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/equities/${name}`, import.meta.url));
const NOW = '2024-08-01T01:00:00.000Z';
const KNOWN_AT = '2024-08-01T00:30:00.000Z';
const at = { knowledgeAt: new Date(KNOWN_AT), loadedAt: new Date(KNOWN_AT) };
/** 8697's close of 2024-03-29: 4100 in daily_quotes.json, 4105 in daily_quotes_corrected.json. */
const FIRST_CLOSE = 4100;
const CORRECTED_CLOSE = 4105;

async function loadFixtures(store: Kysely<Database>): Promise<void> {
  await importFile(store, listedInfoImporter, fixture('listed_info.json'), at);
  await importFile(store, dailyQuotesImporter, fixture('daily_quotes.json'), at);
}

interface PricesAnswer {
  close: number | undefined;
  servedFromCache: unknown;
}

async function lastClose(app: FastifyInstance, key: string, range: string): Promise<PricesAnswer> {
  const reply = await app.inject({ method: 'GET', url: `/openapi/v1/market/jp/equities/8697/prices?range=${range}`, headers: { 'x-api-key': key } });
  assert.equal(reply.statusCode, 200, reply.body);
  const body = reply.json() as { data: { points: { date: string; close: number }[] }; meta: { served_from_cache: unknown } };
  return { close: body.data.points.at(-1)?.close, servedFromCache: body.meta.served_from_cache };
}

test('a corrected quote imported in the serving process is in the very next answer of every range', async (t) => {
  const hub = await equitiesHub(t, { seed: false });
  hub.clock.set(NOW);
  await loadFixtures(db(hub));
  const ranges = ['5d', '1m', 'max'];
  for (const range of ranges) {
    assert.deepEqual(await lastClose(hub.app, hub.apiKey, range), { close: FIRST_CLOSE, servedFromCache: false }, range);
    assert.deepEqual(await lastClose(hub.app, hub.apiKey, range), { close: FIRST_CLOSE, servedFromCache: true }, `${range} is cached`);
  }
  await importFile(db(hub), dailyQuotesImporter, fixture('daily_quotes_corrected.json'), at);
  for (const range of ranges) {
    assert.deepEqual(await lastClose(hub.app, hub.apiKey, range), { close: CORRECTED_CLOSE, servedFromCache: false }, range);
    assert.deepEqual(await lastClose(hub.app, hub.apiKey, range), { close: CORRECTED_CLOSE, servedFromCache: true }, `${range} is cached again`);
  }
});

/**
 * The environment a serving hub and an `fdh import` child share: the same SQLite data dir, or
 * the same PostgreSQL database (a private one: the CLI has no schema setting) and Redis.
 */
async function sharedEnv(t: TestContext): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-corrected-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { FDH_DATA_DIR: dataDir, FDH_LOG_LEVEL: 'warn' };
  if (testStore === 'sqlite') return env;
  const database = await createTestDatabase();
  t.after(() => database.drop());
  env.FDH_DATABASE_URL = database.url;
  if (testRedisUrl !== undefined) env.FDH_REDIS_URL = testRedisUrl;
  return env;
}

test(`a corrected quote imported by another process is served within a second of it exiting (${testStore}${testStore === 'postgres' && testRedisUrl !== undefined ? ' + Redis notices' : ''})`, {
  skip: testStore === 'postgres' && testDatabaseUrl === undefined ? 'FDH_TEST_DATABASE_URL not set' : false,
}, async (t) => {
  const env = await sharedEnv(t);
  const runtime = await openRuntime(loadConfig({ env, cwd: env.FDH_DATA_DIR }), { clock: new ManualClock(NOW), logger: createLogger('silent') });
  const app = await buildApp(runtime);
  t.after(async () => {
    await app.close();
    await runtime.close();
  });
  const key = (await runtime.keys.create({ plan: 'pro' })).key;
  await loadFixtures(runtime.store.db);
  await lastClose(app, key, '5d');
  assert.deepEqual(await lastClose(app, key, '5d'), { close: FIRST_CLOSE, servedFromCache: true });

  // The hub keeps answering while the import runs, as a busy server would.
  let exitedAt: number | undefined;
  let seenAt: number | undefined;
  const polling = (async () => {
    while (seenAt === undefined) {
      if ((await lastClose(app, key, '5d')).close === CORRECTED_CLOSE) seenAt = performance.now();
      else await sleep(50);
      assert.ok(exitedAt === undefined || performance.now() - exitedAt < 10_000, 'the correction never arrived');
    }
  })();
  const imported = await runCli(['import', 'jquants-daily-quotes', fixture('daily_quotes_corrected.json'), '--knowledge-at', KNOWN_AT], env);
  exitedAt = performance.now();
  assert.equal(imported.code, 0, imported.stderr);
  assert.match(imported.stdout, /Loaded 1 rows/);
  await polling;
  // Negative when the hub served the correction before the importer had even finished closing.
  const delay = (seenAt ?? Infinity) - exitedAt;
  t.diagnostic(`new close served ${delay.toFixed(0)} ms after the import process exited`);
  assert.ok(delay < 1000, `served after ${delay.toFixed(0)} ms`);
});
