import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { runCli, startServer, type RunningServer } from '../helpers/cli.ts';
import { createTestDatabase, startPrivateRedis, startRelay } from '../helpers/services.ts';
import { testDatabaseUrl, testRedisUrl, testStore } from '../helpers/stores.ts';

/**
 * Several `fdh serve` processes on one PostgreSQL and one Redis acting as one service. These
 * run in the scaled-out pass of `npm test` (FDH_TEST_DATABASE_URL and FDH_TEST_REDIS_URL set).
 */
const skip =
  testStore !== 'postgres' || testDatabaseUrl === undefined || testRedisUrl === undefined
    ? 'runs in the scaled-out pass (FDH_TEST_DATABASE_URL and FDH_TEST_REDIS_URL)'
    : false;

interface Setup {
  env: Record<string, string>;
  key: string;
  servers: RunningServer[];
}

/** A private database, a plans file where /usage costs 1 of `budget`, one key. */
async function setUp(t: { after: (fn: () => Promise<void> | void) => void }, budget: number, extraEnv: Record<string, string> = {}): Promise<Setup> {
  const database = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'fdh-scale-'));
  const plansFile = join(dir, 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ plans: { metered: { budget, features: ['crypto_data'] } }, weights: { '/usage': 1 } }));
  const env = { FDH_DATABASE_URL: database.url, FDH_PLANS_FILE: plansFile, FDH_DATA_DIR: dir, ...extraEnv };
  const setup: Setup = { env, key: '', servers: [] };
  t.after(async () => {
    for (const server of setup.servers) server.child.kill('SIGKILL');
    await Promise.all(setup.servers.map((s) => s.exited));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const created = await runCli(['keys', 'create', '--plan', 'metered'], env);
  assert.equal(created.code, 0, created.stderr);
  setup.key = created.stdout.trim().split('\n').at(-1) ?? '';
  return setup;
}

async function serveOne(setup: Setup, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({ ...setup.env, ...extraEnv });
  setup.servers.push(server);
  return server;
}

/** Waits until the current UTC minute has room for a burst, so no window turns mid-test. */
async function awayFromMinuteEnd(secondsNeeded: number): Promise<void> {
  while (new Date().getUTCSeconds() > 60 - secondsNeeded) await sleep(250);
}

async function call(baseUrl: string, key: string, path = '/openapi/v1/usage'): Promise<{ status: number; ms: number; headers: Headers; body: unknown }> {
  const started = performance.now();
  const reply = await fetch(baseUrl + path, { headers: { 'x-api-key': key } });
  const body = await reply.json();
  return { status: reply.status, ms: performance.now() - started, headers: reply.headers, body };
}

test('two processes on one database and one Redis admit exactly the budget of a key', { skip }, async (t) => {
  const budget = 150;
  const setup = await setUp(t, budget, { FDH_REDIS_URL: testRedisUrl ?? '', FDH_EXPECTED_NODES: '2' });
  const [a, b] = await Promise.all([serveOne(setup), serveOne(setup)]);
  assert.ok(a !== undefined && b !== undefined);
  await awayFromMinuteEnd(20);
  const replies = await Promise.all(Array.from({ length: 400 }, (_, i) => call(i % 2 === 0 ? a.baseUrl : b.baseUrl, setup.key)));
  const admitted = replies.filter((r) => r.status === 200);
  const refused = replies.filter((r) => r.status === 429);
  assert.equal(admitted.length, budget, 'exactly the budget is admitted across both processes');
  assert.equal(refused.length, 400 - budget, 'every other request is refused');
  for (const reply of refused) {
    assert.equal(reply.headers.get('x-ratelimit-limit'), String(budget));
    assert.equal(reply.headers.get('x-ratelimit-remaining'), '0');
    assert.ok(Number(reply.headers.get('retry-after')) >= 1);
    assert.equal((reply.body as { error: { code: string } }).error.code, 'RATE_LIMIT_EXCEEDED');
  }
  for (const server of [a, b]) {
    const ready = await fetch(`${server.baseUrl}/readyz`);
    assert.deepEqual(await ready.json(), { status: 'ready', store: 'ok', quota: 'shared' });
  }
});

test('losing Redis degrades to the local limiter without failing requests, and the shared quota resumes', { skip }, async (t) => {
  const redis = await startPrivateRedis();
  t.after(() => redis.stop());
  const setup = await setUp(t, 20, { FDH_REDIS_URL: redis.url, FDH_EXPECTED_NODES: '2' });
  const server = await serveOne(setup);
  await awayFromMinuteEnd(25);

  assert.equal((await call(server.baseUrl, setup.key)).status, 200);
  assert.equal(((await (await fetch(`${server.baseUrl}/readyz`)).json()) as { quota: string }).quota, 'shared');

  await redis.stop();
  const during = [];
  for (let i = 0; i < 15; i++) during.push(await call(server.baseUrl, setup.key));
  assert.deepEqual(during.filter((r) => r.status !== 200 && r.status !== 429), [], 'no request fails because Redis is gone');
  // The local share is the budget over the expected nodes: 20 / 2 = 10 per minute.
  assert.equal(during.filter((r) => r.status === 200).length, 10, 'the local fallback limits');
  // A generous bound that only a hang would cross (the allowance is a 100 ms Redis timeout).
  assert.ok(Math.max(...during.map((r) => r.ms)) < 1000, 'no request hangs on Redis');
  const degraded = await fetch(`${server.baseUrl}/readyz`);
  assert.equal(degraded.status, 200);
  assert.deepEqual(await degraded.json(), { status: 'degraded', store: 'ok', quota: 'degraded' });

  await redis.start();
  const deadline = Date.now() + 10_000;
  while (((await (await fetch(`${server.baseUrl}/readyz`)).json()) as { quota: string }).quota !== 'shared') {
    assert.ok(Date.now() < deadline, 'the shared limiter resumes by itself');
    await sleep(100);
  }
  assert.equal((await call(server.baseUrl, setup.key)).status, 200);
  const inspector = new Redis(redis.url);
  inspector.on('error', () => {});
  t.after(() => inspector.disconnect());
  const keys = await inspector.keys('fdh:quota:*');
  assert.equal(keys.length, 1, 'the shared counter is back in Redis');
  assert.ok(Number(await inspector.get(keys[0] ?? '')) >= 1);
});

test('losing PostgreSQL gives 503 envelopes with Retry-After, and the service recovers without a restart', { skip }, async (t) => {
  const database = new URL(testDatabaseUrl ?? '');
  const relay = await startRelay({ host: database.hostname, port: Number(database.port || 5432) });
  t.after(() => relay.close());
  const setup = await setUp(t, 1000);
  const relayed = new URL(setup.env.FDH_DATABASE_URL ?? '');
  relayed.host = `127.0.0.1:${relay.port}`;
  const server = await serveOne(setup, { FDH_DATABASE_URL: relayed.toString() });
  // A data endpoint reads the store on every request (the key itself is trusted for a second).
  const data = '/openapi/v1/crypto/dominance';
  const before = await call(server.baseUrl, setup.key, data);
  assert.notEqual(before.status, 503);

  await relay.cut();
  const down = await call(server.baseUrl, setup.key, data);
  assert.equal(down.status, 503);
  assert.ok(Number(down.headers.get('retry-after')) >= 1);
  const envelope = down.body as { success: boolean; statusCode: number; error: { code: string; message: string } };
  assert.equal(envelope.success, false);
  assert.equal(envelope.statusCode, 503);
  assert.doesNotMatch(envelope.error.message, /ECONN|pg|postgres|127\.0\.0\.1/i, 'no internals leak');
  assert.equal((await fetch(`${server.baseUrl}/readyz`)).status, 503);

  await relay.restore();
  const deadline = Date.now() + 10_000;
  while ((await call(server.baseUrl, setup.key, data)).status !== before.status) {
    assert.ok(Date.now() < deadline, 'requests succeed again once the database is back');
    await sleep(100);
  }
  assert.equal((await fetch(`${server.baseUrl}/readyz`)).status, 200);
});

test('fdh serve --workers 2 shares one port and one quota, and stops cleanly on SIGTERM', { skip }, async (t) => {
  const setup = await setUp(t, 60, { FDH_REDIS_URL: testRedisUrl ?? '' });
  const primary = await startServer({ ...setup.env }, 60_000, ['--workers', '2']);
  setup.servers.push(primary);
  await awayFromMinuteEnd(15);
  const replies = await Promise.all(Array.from({ length: 100 }, () => call(primary.baseUrl, setup.key)));
  assert.equal(replies.filter((r) => r.status === 200).length, 60);
  primary.child.kill('SIGTERM');
  assert.equal(await primary.exited, 0);
});
