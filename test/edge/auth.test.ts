import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestHub } from '../helpers/app.ts';
import { PROBE_KNOWN_ID, probeDomain } from '../helpers/probe-domain.ts';
import { generateApiKey, isWellFormedApiKey } from '../../src/edge/auth/api-key.ts';
import { KeysRepo } from '../../src/accounts/keys.repo.ts';
import { KeysService } from '../../src/accounts/keys.service.ts';
import { FEATURE_CODES } from '../../src/edge/auth/plans.ts';

const probe = `/openapi/v1/probe/${PROBE_KNOWN_ID}`;
const light = '/openapi/v1/probe-light';

test('keys have the apk_ format with a checksum that catches any single-character change', () => {
  const key = generateApiKey();
  assert.match(key, /^apk_[0-9A-Za-z]{38}$/);
  assert.ok(isWellFormedApiKey(key));
  for (let i = 4; i < key.length; i++) {
    const changed = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    assert.equal(isWellFormedApiKey(changed), false, `position ${i}`);
  }
  assert.equal(isWellFormedApiKey(`${key}x`), false);
  assert.equal(isWellFormedApiKey(key.replace('apk_', 'apx_')), false);
});

test('missing, malformed, unknown, disabled, revoked and expired keys get 401', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const missing = await hub.get(light);
  assert.equal(missing.statusCode, 401);
  assert.equal(missing.json().error.code, 'API_KEY_REQUIRED');

  const unknown = generateApiKey();
  for (const bad of ['nope', 'apk_short', unknown]) {
    const reply = await hub.get(light, bad);
    assert.equal(reply.statusCode, 401, bad);
    assert.equal(reply.json().error.code, 'API_KEY_INVALID', bad);
  }

  const keys = hub.runtime.keys;
  const created = await keys.create({ plan: 'pro' });
  assert.equal((await hub.get(light, created.key)).statusCode, 200);
  await keys.disable(created.id);
  assert.equal((await hub.get(light, created.key)).json().error.code, 'API_KEY_INVALID');
  await keys.enable(created.id);
  assert.equal((await hub.get(light, created.key)).statusCode, 200);
  await keys.revoke(created.id);
  assert.equal((await hub.get(light, created.key)).statusCode, 401);
  await assert.rejects(keys.enable(created.id), /revoked/);

  const expiring = await keys.create({ plan: 'pro', expiresAt: '2026-06-19T09:00:00Z' });
  assert.equal((await hub.get(light, expiring.key)).statusCode, 200);
  hub.clock.set('2026-06-19T09:00:00.000Z');
  assert.equal((await hub.get(light, expiring.key)).statusCode, 401);
});

test('a key is accepted only in the X-API-Key header', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const key = await hub.key('pro');
  assert.equal((await hub.get(`${light}?apiKey=${key}`)).statusCode, 401);
  assert.equal((await hub.get(light, undefined, { authorization: `Bearer ${key}` })).statusCode, 401);
});

test('scopes narrow the plan, and a scope outside the plan grants nothing', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const cryptoOnly = await hub.key('pro', { scopes: ['crypto_data'] });
  assert.equal((await hub.get(light, cryptoOnly)).statusCode, 200);
  const denied = await hub.get(probe, cryptoOnly);
  assert.equal(denied.statusCode, 403);
  assert.equal(denied.json().error.code, 'FEATURE_NOT_IN_PLAN');

  const beyondPlan = await hub.key('free', { scopes: ['macro_data', 'crypto_data'] });
  assert.equal((await hub.get(probe, beyondPlan)).statusCode, 403);
  const usage = (await hub.get('/openapi/v1/usage', beyondPlan)).json();
  assert.deepEqual(usage.data.features, ['crypto_data']);
  await assert.rejects(hub.runtime.keys.create({ plan: 'pro', scopes: ['gold_data'] }), /unknown scope/);
  await assert.rejects(hub.runtime.keys.create({ plan: 'platinum' }), /unknown plan/);
});

test('the store holds only a SHA-256 hash and a display prefix of each key', async (t) => {
  const hub = await createTestHub(t);
  const created = await hub.runtime.keys.create({ plan: 'basic', name: 'ci' });
  const rows = await hub.runtime.store.db.selectFrom('api_key').selectAll().execute();
  assert.equal(rows.length, 1);
  const row = rows[0];
  assert.ok(row !== undefined);
  assert.equal(row.hash, createHash('sha256').update(created.key).digest('hex'));
  assert.equal(row.prefix, created.key.slice(0, 12));
  const secretPart = created.key.slice(12);
  for (const value of Object.values(row)) assert.ok(!String(value).includes(secretPart), 'no column holds the secret');
  const listed = await hub.runtime.keys.list();
  assert.equal(listed.length, 1);
  assert.ok(!('hash' in (listed[0] ?? {})), 'listings never carry the hash');
});

test('malformed keys are rejected before any store query', async (t) => {
  let lookups = 0;
  const hub = await createTestHub(t, {
    domains: [probeDomain],
    beforeBuild(runtime) {
      class CountingRepo extends KeysRepo {
        override findByPrefix(prefix: string) {
          lookups++;
          return super.findByPrefix(prefix);
        }
      }
      runtime.keys = new KeysService({
        repo: new CountingRepo(runtime.store.db),
        accounts: runtime.accounts,
        plans: runtime.plans,
        clock: runtime.clock,
        versions: runtime.versions,
        audit: runtime.audit,
      });
    },
  });
  const key = await hub.key('pro');
  const tampered = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
  for (const bad of ['apk_', `apk_${'x'.repeat(38)}`, tampered, `Bearer ${key}`]) {
    assert.equal((await hub.get(light, bad)).statusCode, 401);
  }
  assert.equal(lookups, 0);
  assert.equal((await hub.get(light, key)).statusCode, 200);
  assert.equal(lookups, 1);
});

test('keys never reach the logs', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const key = await hub.key('pro');
  const wrong = generateApiKey();
  await hub.get(light, key);
  await hub.get(light, wrong);
  await hub.get(`${light}?apiKey=${wrong}`);
  await hub.get(`${probe}?period=bad`, key);
  hub.runtime.logger.warn({ headers: { 'x-api-key': key, accept: 'application/json' } }, 'a line that logs request headers');
  assert.ok(hub.logs.length > 0, 'requests were logged');
  const headersLine = JSON.parse(hub.logs.find((line) => line.includes('a line that logs request headers')) ?? '{}') as { headers?: unknown };
  assert.deepEqual(headersLine.headers, { 'x-api-key': '[redacted]', accept: 'application/json' }, 'a logged headers object keeps all but its secrets');
  const all = hub.logs.join('');
  assert.ok(!all.includes(key.slice(4)), 'the valid key is not logged');
  assert.ok(!all.includes(wrong.slice(4, 20)), 'the wrong key is not logged');
  for (const line of hub.logs) assert.doesNotThrow(() => JSON.parse(line), 'every log line is JSON');
});

test("one access line per answered request, in pino's format: what, who (the key id) and how it ended", async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const created = await hub.runtime.keys.create({ plan: 'pro' });
  await hub.get(`${light}?note=%22quoted%22\\`, created.key);
  await hub.get(light);
  const lines = hub.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request');
  assert.equal(lines.length, 2);
  const [refused, anonymous] = lines;
  assert.deepEqual(Object.keys(refused ?? {}), [
    'level',
    'time',
    'pid',
    'hostname',
    'reqId',
    'method',
    'url',
    'statusCode',
    'ms',
    'keyId',
    'remoteAddress',
    'msg',
  ]);
  assert.equal(refused?.level, 30);
  assert.equal(refused?.pid, process.pid);
  assert.equal(typeof refused?.time, 'number');
  assert.equal(refused?.method, 'GET');
  assert.equal(refused?.url, `${light}?note=%22quoted%22\\`, 'a backslash in the URL is escaped, not lost');
  assert.equal(refused?.statusCode, 400);
  assert.equal(refused?.keyId, created.id);
  assert.equal(typeof refused?.ms, 'number');
  assert.notEqual(refused?.reqId, anonymous?.reqId);
  assert.equal(anonymous?.statusCode, 401);
  assert.equal('keyId' in (anonymous ?? {}), false, 'no key, no key id');
});

test('failed key attempts are limited per client address', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_FAILED_AUTH_PER_MINUTE: '3' } });
  const good = await hub.key('pro');
  for (let i = 0; i < 3; i++) assert.equal((await hub.get(light, generateApiKey())).statusCode, 401);
  const blocked = await hub.get(light);
  assert.equal(blocked.statusCode, 429);
  assert.equal(blocked.json().error.code, 'RATE_LIMIT_EXCEEDED');
  assert.equal(blocked.headers['retry-after'], '30');
  const guessed = await hub.get(light, good);
  assert.equal(guessed.statusCode, 429, 'a blocked address cannot tell a right key from a wrong one');
  assert.equal(guessed.json().error.code, 'RATE_LIMIT_EXCEEDED');
  hub.clock.advance(60_000);
  assert.equal((await hub.get(light, good)).statusCode, 200, 'the block ends with the minute');
  assert.equal((await hub.get(light, generateApiKey())).statusCode, 401, 'the limit resets with the minute');
});

test('plan changes in the plans file take effect without a restart', async (t) => {
  const plans = { plans: { pro: { budget: 10, features: [...FEATURE_CODES] }, gone: { budget: 10, features: ['crypto_data'] } } };
  const hub = await createTestHub(t, { domains: [probeDomain], plans });
  const pro = await hub.key('pro');
  const doomed = await hub.key('gone');
  assert.equal((await hub.get(light, doomed)).statusCode, 200);

  writeFileSync(join(hub.dataDir, 'plans.json'), JSON.stringify({ plans: { pro: { budget: 25, features: ['crypto_data'] } } }));
  const deadline = Date.now() + 5000;
  while ((await hub.get('/openapi/v1/usage', pro)).json().data.budget !== 25) {
    assert.ok(Date.now() < deadline, 'the plans file change was picked up');
    await sleep(20);
  }
  assert.equal((await hub.get(light, doomed)).statusCode, 401, 'a key on a plan the file no longer has is invalid');
  assert.equal((await hub.get(probe, pro)).statusCode, 403, 'the narrowed plan no longer has macro_data');

  writeFileSync(join(hub.dataDir, 'plans.json'), '{ broken');
  await sleep(100);
  assert.equal((await hub.get('/openapi/v1/usage', pro)).json().data.budget, 25, 'a broken edit keeps the last good plans');
});

test('usage reports the key, plan, features and the current window', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const created = await hub.runtime.keys.create({ plan: 'basic', expiresAt: '2027-01-01T00:00:00Z' });
  await hub.get(light, created.key);
  const reply = await hub.get('/openapi/v1/usage', created.key);
  assert.equal(reply.headers['x-ratelimit-weight-used'], '0');
  assert.deepEqual(reply.json().data, {
    keyId: created.id,
    plan: 'basic',
    features: ['crypto_data', 'fx_data', 'commodities_data', 'etf_data', 'news_data', 'calendar_data', 'market_data'],
    budget: 300,
    used: 1,
    remaining: 299,
    resetAt: '2026-06-19T08:46:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z',
  });
});

test('plans saved by rename, as editors and sed -i do, apply at every save', async (t) => {
  const planWith = (budget: number) => ({ plans: { pro: { budget, features: [...FEATURE_CODES] } } });
  const hub = await createTestHub(t, { domains: [probeDomain], plans: planWith(10) });
  const pro = await hub.key('pro');
  const plansFile = join(hub.dataDir, 'plans.json');
  for (const budget of [20, 30, 40, 50]) {
    const draft = join(hub.dataDir, `plans.json.tmp-${budget}`);
    writeFileSync(draft, JSON.stringify(planWith(budget)));
    renameSync(draft, plansFile);
    const deadline = Date.now() + 5000;
    while ((await hub.get('/openapi/v1/usage', pro)).json().data.budget !== budget) {
      assert.ok(Date.now() < deadline, `the save with budget ${budget} was picked up`);
      await sleep(20);
    }
  }
});
