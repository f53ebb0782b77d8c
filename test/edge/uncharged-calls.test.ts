import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';
import { testStore } from '../helpers/stores.ts';

const env = { FDH_REFUSED_CALLS_PER_MINUTE: '20', FDH_WEIGHTLESS_CALLS_PER_MINUTE: '30' };

test('calls refused with 403 or 404 count towards a per-key allowance; past it the key gets 429 for the rest of the minute', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env });
  const key = await hub.key('free');
  const other = await hub.key('free');
  for (let i = 0; i < 10; i++) assert.equal((await hub.get('/openapi/v1/probe/known', key)).statusCode, 403, 'free has no macro_data');
  for (let i = 0; i < 10; i++) assert.equal((await hub.get(`/openapi/v1/no-such-path-${i}`, key)).statusCode, 404);
  const refused = await hub.get('/openapi/v1/probe/known', key);
  assert.equal(refused.statusCode, 429, refused.body);
  assert.equal(refused.json().error.code, 'RATE_LIMIT_EXCEEDED');
  assert.equal(refused.headers['retry-after'], '30', 'the test clock stands at :30 in its minute');
  assert.equal(refused.headers['x-ratelimit-limit'], '60', 'the quota headers are still sent');
  for (const url of ['/openapi/v1/usage', '/openapi/v1/probe-light', '/openapi/v1/nowhere']) {
    const blocked = await hub.get(url, key);
    assert.equal(blocked.statusCode, 429, `${url}: every call of the key for the rest of the minute`);
    assert.ok(Number(blocked.headers['retry-after']) >= 1);
  }
  assert.equal((await hub.get('/openapi/v1/probe-light', other)).statusCode, 200, 'another key is not touched');
  assert.equal((await hub.get('/openapi/v1/usage', other)).json().data.used, 1, 'the blocked calls charged the account nothing');

  hub.clock.advance(30_000);
  assert.equal((await hub.get('/openapi/v1/usage', key)).statusCode, 200, 'the next minute starts afresh');
  assert.equal((await hub.get('/openapi/v1/probe/known', key)).statusCode, 403);
});

test('a flood of weight-0 calls (/usage) is capped per key per minute', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env });
  const key = await hub.key('free');
  for (let i = 0; i < 30; i++) assert.equal((await hub.get('/openapi/v1/usage', key)).statusCode, 200);
  const capped = await hub.get('/openapi/v1/usage', key);
  assert.equal(capped.statusCode, 429);
  assert.match(JSON.stringify(capped.json().error.message), /weight 0/);
  assert.equal((await hub.get('/openapi/v1/probe-light', key)).statusCode, 429);
});

test('the allowance is shared by every serving process when Redis is configured', {
  skip: testStore !== 'postgres' || process.env.FDH_TEST_REDIS_URL === undefined,
}, async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env });
  const other = await hub.sibling();
  const key = await hub.key('free');
  for (let i = 0; i < 20; i++) {
    const app = i % 2 === 0 ? hub.app : other.app;
    assert.equal((await app.inject({ method: 'GET', url: '/openapi/v1/probe/known', headers: { 'x-api-key': key } })).statusCode, 403);
  }
  const third = await other.app.inject({ method: 'GET', url: '/openapi/v1/nope', headers: { 'x-api-key': key } });
  assert.equal(third.statusCode, 429, 'the 21st refused call, made on the other process, is over the shared count');
  const first = await hub.app.inject({ method: 'GET', url: '/openapi/v1/probe/known', headers: { 'x-api-key': key } });
  assert.equal(first.statusCode, 429);
});
