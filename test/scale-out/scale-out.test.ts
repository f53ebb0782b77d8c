import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { createStore, runCli, startServer, type RunningServer } from '../helpers/cli.ts';
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
  // Its own Redis keys: the service account of plan `metered` has the same id in every test's store.
  const redisKeyPrefix = `fdh-scale-${randomBytes(6).toString('hex')}:`;
  const env = { FDH_DATABASE_URL: database.url, FDH_PLANS_FILE: plansFile, FDH_DATA_DIR: dir, FDH_REDIS_KEY_PREFIX: redisKeyPrefix, ...extraEnv };
  const setup: Setup = { env, key: '', servers: [] };
  t.after(async () => {
    for (const server of setup.servers) server.child.kill('SIGKILL');
    await Promise.all(setup.servers.map((s) => s.exited));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  await createStore(env);
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
    const { stale, ...ready } = (await (await fetch(`${server.baseUrl}/readyz`)).json()) as { stale: unknown };
    assert.deepEqual(ready, { status: 'ready', store: 'ok', quota: 'shared' });
    assert.equal(typeof stale, 'object', 'the stale facts are detail, read from the store');
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
  assert.deepEqual(
    during.filter((r) => r.status !== 200 && r.status !== 429),
    [],
    'no request fails because Redis is gone',
  );
  // The local share is the budget over the expected nodes: 20 / 2 = 10 per minute.
  assert.equal(during.filter((r) => r.status === 200).length, 10, 'the local fallback limits');
  // A generous bound that only a hang would cross (the allowance is a 100 ms Redis timeout).
  assert.ok(Math.max(...during.map((r) => r.ms)) < 1000, 'no request hangs on Redis');
  const degraded = await fetch(`${server.baseUrl}/readyz`);
  assert.equal(degraded.status, 200);
  const { stale: _stale, ...degradedBody } = (await degraded.json()) as { stale: unknown };
  assert.deepEqual(degradedBody, { status: 'degraded', store: 'ok', quota: 'degraded' });

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
  const keys = await inspector.keys(`${setup.env.FDH_REDIS_KEY_PREFIX}quota:*`);
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

async function signIn(baseUrl: string, email: string, password: string): Promise<{ cookie: string; csrfToken: string }> {
  const reply = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(reply.status, 200);
  const body = (await reply.json()) as { data: { csrfToken: string } };
  return { cookie: (reply.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrfToken: body.data.csrfToken };
}

test('two processes: every call is metered exactly and shows in the dashboard within a minute; a plan change reaches both', { skip }, async (t) => {
  const budget = 150;
  const setup = await setUp(t, budget, { FDH_REDIS_URL: testRedisUrl ?? '', FDH_EXPECTED_NODES: '2' });
  const password = 'a password long enough';
  const account = await runCli(['accounts', 'create', '--email', 'ops@example.com', '--plan', 'metered', '--password-stdin'], setup.env, `${password}\n`);
  assert.equal(account.code, 0, account.stderr);
  const created = await runCli(['keys', 'create', '--account', 'ops@example.com'], setup.env);
  const key = created.stdout.trim().split('\n').at(-1) ?? '';
  const [a, b] = await Promise.all([serveOne(setup), serveOne(setup)]);
  assert.ok(a !== undefined && b !== undefined);
  await awayFromMinuteEnd(20);
  const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => call(i % 2 === 0 ? a.baseUrl : b.baseUrl, key)));
  assert.equal(replies.filter((r) => r.status === 200).length, budget);

  const session = await signIn(a.baseUrl, 'ops@example.com', password);
  const usage = async () => {
    const reply = await fetch(`${a.baseUrl}/api/v1/usage?window=1h`, { headers: { cookie: session.cookie } });
    return ((await reply.json()) as { data: { byStatus: Record<string, number>; byKey: { weight: number }[] } }).data;
  };
  // Process a includes its own calls at once; b writes its counts every 10 s.
  const deadline = Date.now() + 60_000;
  let seen = await usage();
  while ((seen.byStatus['2xx'] ?? 0) + (seen.byStatus['429'] ?? 0) < 200 && Date.now() < deadline) {
    await sleep(500);
    seen = await usage();
  }
  assert.deepEqual(seen.byStatus, { '2xx': budget, '4xx': 0, '429': 200 - budget, '5xx': 0 }, 'every call of both processes, once');
  assert.equal(seen.byKey[0]?.weight, budget, 'the weight charged: refused calls cost nothing');

  assert.equal((await runCli(['accounts', 'set-plan', 'ops@example.com', 'metered-big'], setup.env)).code, 2, 'an unknown plan is refused');
  writeFileSync(
    setup.env.FDH_PLANS_FILE ?? '',
    JSON.stringify({
      plans: { metered: { budget, features: ['crypto_data'] }, wide: { budget: 999, features: ['crypto_data', 'fx_data'] } },
      weights: { '/usage': 1 },
    }),
  );
  await sleep(500);
  assert.equal((await runCli(['accounts', 'set-plan', 'ops@example.com', 'wide'], setup.env)).code, 0);
  for (const server of [a, b]) {
    let budgetSeen: string | null = null;
    const until = Date.now() + 5000;
    while (budgetSeen !== '999' && Date.now() < until) budgetSeen = (await call(server.baseUrl, key)).headers.get('x-ratelimit-limit');
    assert.equal(budgetSeen, '999', `${server.baseUrl} applies the new plan`);
  }
});

test('two processes admit a free account at most its plan budget across its 10 keys; an 11th key is refused', { skip }, async (t) => {
  const budget = 60;
  const setup = await setUp(t, budget, { FDH_REDIS_URL: testRedisUrl ?? '', FDH_EXPECTED_NODES: '2' });
  const account = await runCli(
    ['accounts', 'create', '--email', 'free@example.com', '--plan', 'metered', '--password-stdin'],
    setup.env,
    'a password long enough\n',
  );
  assert.equal(account.code, 0, account.stderr);
  const keys: string[] = [];
  for (let i = 0; i < 10; i++) {
    const created = await runCli(['keys', 'create', '--account', 'free@example.com', '--name', `k${i}`], setup.env);
    assert.equal(created.code, 0, created.stderr);
    keys.push(created.stdout.trim().split('\n').at(-1) ?? '');
  }
  const eleventh = await runCli(['keys', 'create', '--account', 'free@example.com'], setup.env);
  assert.equal(eleventh.code, 2);
  assert.match(eleventh.stderr, /allows 10 live keys per account/);
  const [a, b] = await Promise.all([serveOne(setup), serveOne(setup)]);
  assert.ok(a !== undefined && b !== undefined);
  await awayFromMinuteEnd(20);
  const replies = await Promise.all(Array.from({ length: 250 }, (_, i) => call(i % 2 === 0 ? a.baseUrl : b.baseUrl, keys[i % 10] ?? '')));
  assert.equal(replies.filter((r) => r.status === 200).length, budget, 'ten keys on two processes share one budget');
  for (const reply of replies.filter((r) => r.status === 429)) {
    assert.equal(reply.headers.get('x-ratelimit-limit'), String(budget));
    assert.equal(reply.headers.get('x-ratelimit-remaining'), '0');
  }
});
