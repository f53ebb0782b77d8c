import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { createTestHub, type TestHubOptions } from '../helpers/app.ts';
import { PROBE_KNOWN_ID, oneRouteDomain, probeDomain } from '../helpers/probe-domain.ts';
import { Type } from 'typebox';
import { FEATURE_CODES } from '../../src/edge/auth/plans.ts';

const PLANS = {
  plans: {
    free: { budget: 60, features: ['crypto_data', 'fx_data', 'commodities_data'] },
    pro: { budget: 10, features: [...FEATURE_CODES] },
    // Another account's budget: every key of one account shares its plan's.
    team: { budget: 10, features: [...FEATURE_CODES] },
  },
};

const probe = (query = '') => `/openapi/v1/probe/${PROBE_KNOWN_ID}${query}`;

function hubOptions(extra: TestHubOptions = {}): TestHubOptions {
  return { plans: PLANS, domains: [probeDomain], ...extra };
}

function assertErrorEnvelope(body: unknown, status: number, code: string): { message: string | string[]; meta: Record<string, unknown> } {
  const envelope = body as { success: boolean; statusCode: number; error: { code: string; message: string | string[] }; meta: Record<string, unknown> };
  assert.equal(envelope.success, false);
  assert.equal(envelope.statusCode, status);
  assert.equal(envelope.error.code, code);
  assert.match(String(envelope.meta.timestamp), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  return { message: envelope.error.message, meta: envelope.meta };
}

test('the checks run in the contract order: 401 → 403 → 429 → 400 → 404', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  const free = await hub.key('free');
  const badParams = '/openapi/v1/probe/unknown?period=9Y';

  assertErrorEnvelope((await hub.get(badParams)).json(), 401, 'API_KEY_REQUIRED');
  assertErrorEnvelope((await hub.get(badParams, free)).json(), 403, 'FEATURE_NOT_IN_PLAN');
  assertErrorEnvelope((await hub.get(badParams, pro)).json(), 400, 'INTERNAL_ERROR');
  assertErrorEnvelope((await hub.get('/openapi/v1/probe/unknown', pro)).json(), 404, 'INTERNAL_ERROR');
  // Two calls of weight 3 spent 6 of 10; a third brings it to 9; the fourth would pass 10.
  assert.equal((await hub.get(probe(), pro)).statusCode, 200);
  assertErrorEnvelope((await hub.get(badParams, pro)).json(), 429, 'RATE_LIMIT_EXCEEDED');
});

test('quota headers travel on every authenticated response, success or error', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  const free = await hub.key('free');
  const resetAt = Date.parse('2026-06-19T08:46:00.000Z') / 1000;

  const ok = await hub.get(probe(), pro);
  assert.equal(ok.statusCode, 200);
  assert.equal(ok.headers['x-ratelimit-limit'], '10');
  assert.equal(ok.headers['x-ratelimit-remaining'], '7');
  assert.equal(ok.headers['x-ratelimit-reset'], String(resetAt));
  assert.equal(ok.headers['x-ratelimit-weight-used'], '3');
  assert.equal(ok.headers['ratelimit-policy'], '"minute";q=10;w=60');
  assert.equal(ok.headers.ratelimit, '"minute";r=7;t=30');
  assert.equal(ok.headers['retry-after'], undefined);

  for (const [url, key, status] of [
    ['/openapi/v1/probe/known?period=nope', pro, 400],
    ['/openapi/v1/probe/missing', pro, 404],
    [probe(), free, 403],
    ['/openapi/v1/no-such-endpoint', pro, 404],
  ] as const) {
    const reply = await hub.get(url, key);
    assert.equal(reply.statusCode, status, url);
    assert.equal(reply.headers['x-ratelimit-limit'], status === 403 ? '60' : '10', url);
    assert.ok(reply.headers['x-ratelimit-remaining'] !== undefined, url);
    assert.equal(reply.headers['x-ratelimit-reset'], String(resetAt), url);
    assert.ok(reply.headers.ratelimit !== undefined && reply.headers['ratelimit-policy'] !== undefined, url);
    assert.equal(reply.headers['cache-control'], 'no-store', url);
  }
  // A 403 and an unknown path cost nothing; the 400 and the 404 were charged.
  const usage = (await hub.get('/openapi/v1/usage', pro)).json();
  assert.equal(usage.data.used, 9);
  assert.equal((await hub.get('/openapi/v1/usage')).headers['x-ratelimit-limit'], undefined);
});

test('the budget admits exactly its weight per minute, and a 429 charges nothing', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  for (let i = 0; i < 3; i++) assert.equal((await hub.get(probe(), pro)).statusCode, 200);

  const refused = await hub.get(probe(), pro);
  assert.equal(refused.statusCode, 429);
  assert.equal(refused.headers['x-ratelimit-remaining'], '1');
  assert.equal(refused.headers['x-ratelimit-weight-used'], '3');
  assert.equal(refused.headers['retry-after'], '30');
  assertErrorEnvelope(refused.json(), 429, 'RATE_LIMIT_EXCEEDED');

  const last = await hub.get('/openapi/v1/probe-light', pro);
  assert.equal(last.statusCode, 200, 'the remaining unit is still spendable after a refusal');
  assert.equal(last.headers['x-ratelimit-remaining'], '0');
  assert.equal((await hub.get('/openapi/v1/probe-light', pro)).statusCode, 429);
  assert.equal((await hub.get('/openapi/v1/usage', pro)).statusCode, 200, 'weight-0 usage answers even at zero');
});

test('the window is the fixed UTC minute and resets at its boundary', async (t) => {
  const hub = await createTestHub(t, hubOptions({ now: '2026-06-19T08:45:59.200Z' }));
  const pro = await hub.key('pro');
  for (let i = 0; i < 3; i++) await hub.get(probe(), pro);
  const refused = await hub.get(probe(), pro);
  assert.equal(refused.statusCode, 429);
  assert.equal(refused.headers['retry-after'], '1', 'at least one second, rounded up');

  hub.clock.set('2026-06-19T08:46:00.000Z');
  const fresh = await hub.get(probe(), pro);
  assert.equal(fresh.statusCode, 200);
  assert.equal(fresh.headers['x-ratelimit-remaining'], '7');
  assert.equal(fresh.headers['x-ratelimit-reset'], String(Date.parse('2026-06-19T08:47:00Z') / 1000));
});

test('parameter problems come back as one 400 with a message per parameter', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  const reply = await hub.get(probe('?period=5Y&limit=13&colour=red&limit=2'), pro);
  assert.equal(reply.statusCode, 400);
  const { message, meta } = assertErrorEnvelope(reply.json(), 400, 'INTERNAL_ERROR');
  assert.deepEqual(meta.error, 'Bad Request');
  assert.deepEqual(meta.statusCode, 400);
  assert.ok(Array.isArray(message));
  assert.deepEqual(
    [...message].sort(),
    [
      'colour is not a known parameter of this endpoint',
      'limit must be an integer from 1 to 12',
      'limit must be given at most once',
      'period must be one of: 1M, 3M',
    ].sort(),
  );
  const wrongType = await hub.get(probe('?limit=many'), pro);
  assert.deepEqual(wrongType.json().error.message, ['limit must be an integer']);
  const good = await hub.get(probe('?period=3M&limit=12'), pro);
  assert.equal(good.statusCode, 200);
  assert.deepEqual({ period: good.json().data.period, limit: good.json().data.limit }, { period: '3M', limit: 12 });
});

test('enum values are case-sensitive as listed', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  assert.equal((await hub.get(probe('?period=1m'), pro)).statusCode, 400);
});

test('unknown paths and other methods get the error envelope', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  assertErrorEnvelope((await hub.get('/openapi/v1/nowhere')).json(), 401, 'API_KEY_REQUIRED');
  const missing = await hub.get('/openapi/v1/nowhere', pro);
  const { meta } = assertErrorEnvelope(missing.json(), 404, 'INTERNAL_ERROR');
  assert.equal(meta.error, 'Not Found');
  assert.equal(meta.statusCode, 404);

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const reply = await hub.app.inject({ method, url: probe(), headers: { 'x-api-key': pro } });
    assert.equal(reply.statusCode, 405, method);
    assert.equal(reply.headers.allow, 'GET, HEAD');
    assertErrorEnvelope(reply.json(), 405, 'INTERNAL_ERROR');
  }
  const head = await hub.app.inject({ method: 'HEAD', url: probe(), headers: { 'x-api-key': pro } });
  assert.equal(head.statusCode, 200);
  assert.equal(head.body, '');
});

test('ETag and If-None-Match give a 304 that is still charged; Cache-Control follows the route', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  const first = await hub.get(probe(), pro);
  const etag = first.headers.etag;
  assert.match(String(etag), /^W\/".+"$/);
  assert.equal(first.headers['cache-control'], 'private, max-age=120');
  assert.equal(first.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(first.json().meta.window, '1M', "a route's own meta travels beside the timestamp");

  const again = await hub.get(probe(), pro, { 'if-none-match': String(etag) });
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
  assert.equal(again.headers['x-ratelimit-remaining'], '4');

  hub.clock.advance(61_000);
  const later = await hub.get(probe(), pro, { 'if-none-match': String(etag) });
  assert.equal(later.statusCode, 304, 'the same data answered later (another meta.timestamp) is still the same representation');

  const other = await hub.get(probe('?period=3M'), pro, { 'if-none-match': String(etag) });
  assert.equal(other.statusCode, 200, 'a different representation does not match');
});

test('a route that answers meta it does not declare fails loudly instead of losing it', async (t) => {
  const strayMeta = oneRouteDomain({
    path: '/stray-meta',
    operationId: 'strayMeta',
    summary: 'Answers an undeclared meta property',
    feature: 'crypto_data',
    weight: 1,
    data: Type.Object({ ok: Type.Boolean() }),
    meta: { window: Type.String() },
    handler: async () => ({ data: { ok: true }, meta: { window: '1M', stray: 1 } }),
  });
  const hub = await createTestHub(t, { plans: PLANS, domains: [strayMeta] });
  const reply = await hub.get('/openapi/v1/stray-meta', await hub.key('pro'));
  assertErrorEnvelope(reply.json(), 500, 'INTERNAL_ERROR');
  assert.ok(hub.logs.some((line) => line.includes('strayMeta answered meta window, stray; it declares window')));
});

test('responses are compressed when the client accepts it', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  const br = await hub.get(probe(), pro, { 'accept-encoding': 'br' });
  assert.equal(br.headers['content-encoding'], 'br');
  const gzip = await hub.get(probe(), pro, { 'accept-encoding': 'gzip' });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(br.headers.etag, gzip.headers.etag, 'the weak ETag names the representation before encoding');
  const plain = await hub.get(probe(), pro, { 'accept-encoding': 'identity' });
  assert.equal(plain.headers['content-encoding'], undefined);
  for (const answer of [br, gzip, plain]) assert.equal(answer.headers.vary, 'accept-encoding');
  const notModified = await hub.get(probe(), await hub.key('team'), { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
  assert.equal(notModified.statusCode, 304);
  assert.equal(notModified.headers.vary, 'accept-encoding', 'a 304 names what the 200 would have varied by');

  for (const url of ['/openapi.json', '/docs/json']) {
    const document = await hub.get(url, undefined, { 'accept-encoding': 'gzip' });
    assert.equal(document.headers['content-encoding'], 'gzip', `the OpenAPI document at ${url} is compressed too`);
    assert.equal(document.headers.vary, 'accept-encoding');
    assert.equal(JSON.parse(gunzipSync(document.rawPayload).toString()).info.version, '0.1.0');
  }
});

test('meta.timestamp is the server time in ISO 8601 UTC with milliseconds', async (t) => {
  const hub = await createTestHub(t, hubOptions({ now: '2026-03-01T00:00:00.000Z' }));
  const body = (await hub.get(probe(), await hub.key('pro'))).json();
  assert.equal(body.success, true);
  assert.equal(body.statusCode, 200);
  assert.equal(body.meta.timestamp, '2026-03-01T00:00:00.000Z');
});

test('the weights of the plans file override a route, in the quota and in the OpenAPI document', async (t) => {
  const hub = await createTestHub(t, hubOptions({ plans: { ...PLANS, weights: { '/probe/{id}': 5 } } }));
  const pro = await hub.key('pro');
  assert.equal((await hub.get(probe(), pro)).headers['x-ratelimit-weight-used'], '5');
  const spec = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  assert.equal(spec.paths['/openapi/v1/probe/{id}'].get['x-api-weight'], 5);
});
