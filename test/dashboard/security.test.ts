import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { createTestHub, type TestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';
import { createAccount, login, PASSWORD, signIn, type DashboardClient } from '../helpers/dashboard.ts';

const light = '/openapi/v1/probe-light';

interface Operation {
  method: 'GET' | 'POST';
  path: string;
}

/** Every dashboard API operation, from the OpenAPI document: a route added later is covered too. */
async function dashboardOperations(hub: TestHub): Promise<Operation[]> {
  const spec = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  return Object.entries(spec.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase() as Operation['method'], path })));
}

function call(client: DashboardClient, operation: Operation, id: string, body: unknown = {}): Promise<LightMyRequestResponse> {
  const url = operation.path.replace('{id}', id);
  return operation.method === 'GET' ? client.get(url) : client.post(url, body);
}

/** A body each state-changing route would accept, so a refusal is about who asks, not what. */
const VALID_BODIES: Record<string, unknown> = {
  '/api/v1/keys': { name: 'probe' },
  '/api/v1/keys/{id}/rotate': {},
  '/api/v1/admin/accounts': { email: 'new@example.com', plan: 'pro' },
  '/api/v1/admin/accounts/{id}/plan': { plan: 'free' },
};

test('account A can never read or change account B’s keys, usage or account through any endpoint', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const a = await signIn(hub, 'a@example.com');
  const b = await signIn(hub, 'b@example.com');
  const bKey = (await b.post('/api/v1/keys', { name: 'b-key' })).json().data;
  assert.equal((await hub.get(light, bKey.key)).statusCode, 200);
  const bKeysBefore = (await b.get('/api/v1/keys')).json().data;

  for (const operation of await dashboardOperations(hub)) {
    if (operation.path === '/api/v1/auth/logout' || operation.path === '/api/v1/auth/login') continue;
    for (const id of [bKey.id, b.accountId]) {
      const reply = await call(a, operation, id, VALID_BODIES[operation.path] ?? {});
      const where = `${operation.method} ${operation.path} with ${id}`;
      // The id A sent may be echoed in a 404; nothing else of B's may appear.
      const shown = reply.body.replaceAll(id, '');
      assert.ok(!shown.includes(bKey.id) && !shown.includes(bKey.prefix) && !shown.includes('b-key'), `${where} shows nothing of B’s key`);
      assert.ok(!shown.includes('b@example.com') && !shown.includes(b.accountId), `${where} shows nothing of B’s account`);
      if (operation.path.includes('{id}')) assert.ok([403, 404].includes(reply.statusCode), `${where}: ${reply.statusCode}`);
    }
  }
  assert.deepEqual((await b.get('/api/v1/keys')).json().data, bKeysBefore, 'B’s keys are as they were');
  assert.equal((await hub.get(light, bKey.key)).statusCode, 200, 'B’s key still works');
  assert.equal((await b.get('/api/v1/account')).json().data.account.plan, 'pro');
});

test('a member cannot reach any admin endpoint', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const member = await signIn(hub, 'm@example.com');
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  const adminOperations = (await dashboardOperations(hub)).filter((op) => op.path.startsWith('/api/v1/admin/'));
  assert.ok(adminOperations.length >= 6);
  for (const operation of adminOperations) {
    const reply = await call(member, operation, member.accountId, VALID_BODIES[operation.path] ?? {});
    assert.equal(reply.statusCode, 403, `${operation.method} ${operation.path}`);
    assert.equal(reply.json().error.code, 'ADMIN_REQUIRED');
  }
  assert.equal((await admin.get('/api/v1/admin/accounts')).statusCode, 200);
  assert.equal((await member.get('/api/v1/account')).json().data.account.role, 'member', 'the member’s attempts changed nothing');
});

test('every state change without the CSRF token, or with another session’s, is refused with 403 and changes nothing', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  const other = await signIn(hub, 'other@example.com');
  const key = (await admin.post('/api/v1/keys', { name: 'k' })).json().data;
  const states = async () => [(await admin.get('/api/v1/keys')).body, (await admin.get('/api/v1/admin/accounts')).body];
  const before = await states();
  const changes = (await dashboardOperations(hub)).filter((op) => op.method === 'POST' && op.path !== '/api/v1/auth/login');
  assert.ok(changes.length >= 8);
  for (const operation of changes) {
    const url = operation.path.replace('{id}', operation.path.includes('/keys/') ? key.id : other.accountId);
    for (const csrf of [false, other.csrfToken, '']) {
      const reply = await admin.post(url, VALID_BODIES[operation.path] ?? {}, { csrf });
      assert.equal(reply.statusCode, 403, `${operation.path} with ${JSON.stringify(csrf)}`);
      assert.equal(reply.json().error.code, 'CSRF_TOKEN_INVALID');
    }
  }
  assert.deepEqual(await states(), before);
  assert.equal((await admin.get('/api/v1/account')).statusCode, 200, 'the session was not ended either');
});

test('API keys are never accepted on /api/v1, and a session never on /openapi/v1', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const ann = await signIn(hub, 'ann@example.com');
  const key = (await ann.post('/api/v1/keys', { name: 'k' })).json().data.key;
  for (const url of ['/api/v1/account', '/api/v1/keys']) {
    const reply = await hub.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
    assert.equal(reply.statusCode, 401, url);
    assert.equal(reply.json().error.code, 'SESSION_REQUIRED');
  }
  const withBoth = await hub.app.inject({
    method: 'POST',
    url: '/api/v1/keys',
    payload: { name: 'x' },
    headers: { 'x-api-key': key, cookie: ann.cookie, 'x-csrf-token': ann.csrfToken },
  });
  assert.equal(withBoth.statusCode, 401, 'a key beside a session is refused too: a key never manages keys');
  const sessionOnly = await hub.app.inject({ method: 'GET', url: light, headers: { cookie: ann.cookie, 'x-csrf-token': ann.csrfToken } });
  assert.equal(sessionOnly.statusCode, 401);
  assert.equal(sessionOnly.json().error.code, 'API_KEY_REQUIRED');
});

test('sign-in guessing is limited per account and address: a stranger cannot lock the right password out from elsewhere', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_LOGIN_ATTEMPTS_PER_MINUTE: '3', FDH_TRUSTED_PROXIES: '127.0.0.1' } });
  await createAccount(hub, 'ann@example.com');
  await createAccount(hub, 'bo@example.com');
  const attempt = (email: string, password: string, address: string) =>
    hub.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': address } });

  for (let i = 0; i < 3; i++) assert.equal((await attempt('ann@example.com', `guess ${i}`, '10.0.0.1')).statusCode, 401);
  const limited = await attempt('ann@example.com', PASSWORD, '10.0.0.1');
  assert.equal(limited.statusCode, 429, 'past the limit even the right password is not checked from that address');
  assert.ok(Number(limited.headers['retry-after']) >= 1);
  assert.equal((await attempt('ann@example.com', PASSWORD, '10.0.0.2')).statusCode, 200, 'the right password from another address signs in');
  assert.equal((await attempt('bo@example.com', PASSWORD, '10.0.0.1')).statusCode, 200, 'the guesser’s address may still sign in to another account');
  for (let i = 0; i < 4; i++) await attempt(`x${i}@example.com`, 'spray spray spray', '10.0.0.1');
  assert.equal(
    (await attempt('bo@example.com', PASSWORD, '10.0.0.1')).statusCode,
    429,
    'one address spraying many accounts is limited (3 × the per-account limit)',
  );
  hub.clock.advance(60_000);
  assert.equal((await attempt('ann@example.com', PASSWORD, '10.0.0.1')).statusCode, 200, 'the limit lasts the minute');
});

test('the right password signs in from another address after 10 wrong ones (the default limit), only slowed', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_TRUSTED_PROXIES: '127.0.0.0/8' } });
  await createAccount(hub, 'ann@example.com');
  const attempt = (password: string, address: string) =>
    hub.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'ann@example.com', password }, headers: { 'x-forwarded-for': address } });
  for (let i = 0; i < 10; i++) assert.equal((await attempt(`wrong guess ${i}`, '192.0.2.7')).statusCode, 401);
  assert.equal((await attempt(PASSWORD, '192.0.2.7')).statusCode, 429, 'the guessing address is refused');
  const started = performance.now();
  assert.equal((await attempt(PASSWORD, '198.51.100.9')).statusCode, 200, 'the owner, elsewhere, is not');
  assert.ok(performance.now() - started >= 200, 'but the account’s attempts are slowed after 10 failures');
  const failed = await hub.runtime.audit.list({ action: 'session.signin-failed', limit: 20 });
  assert.equal(failed.events.length, 10, 'every failed sign-in is in the audit trail');
  assert.deepEqual(
    [failed.events[0]?.accountEmail, failed.events[0]?.address],
    ['ann@example.com', '192.0.2.7'],
    'with the account named and the client address',
  );
});

test('behind a listed proxy, one client’s bad keys do not block another client’s key', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_FAILED_AUTH_PER_MINUTE: '5', FDH_TRUSTED_PROXIES: '127.0.0.1' } });
  const key = await hub.key('pro');
  const via = (client: string) => ({ 'x-forwarded-for': client });
  for (let i = 0; i < 6; i++) await hub.get('/openapi/v1/probe-light', `apk_${'x'.repeat(38)}`, via('203.0.113.1'));
  assert.equal((await hub.get('/openapi/v1/probe-light', key, via('203.0.113.1'))).statusCode, 429, 'the guessing client is blocked');
  assert.equal((await hub.get('/openapi/v1/probe-light', key, via('203.0.113.2'))).statusCode, 200, 'another client behind the same proxy is not');
});

test('without FDH_TRUSTED_PROXIES a forwarded address is not believed', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_FAILED_AUTH_PER_MINUTE: '5' } });
  const key = await hub.key('pro');
  for (let i = 0; i < 6; i++) await hub.get('/openapi/v1/probe-light', `apk_${'x'.repeat(38)}`, { 'x-forwarded-for': '203.0.113.1' });
  assert.equal((await hub.get('/openapi/v1/probe-light', key, { 'x-forwarded-for': '203.0.113.2' })).statusCode, 429, 'every request is the proxy’s own');
});

test('passwords, session tokens, CSRF tokens and key secrets never reach a log', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_LOG_LEVEL: 'trace' } });
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  await login(hub, 'root@example.com', 'a wrong password that is long');
  const created = (await admin.post('/api/v1/admin/accounts', { email: 'cy@example.com', plan: 'pro' })).json().data;
  const chosen = 'chosen password of cy2';
  await admin.post('/api/v1/admin/accounts', { email: 'cy2@example.com', plan: 'pro', password: chosen });
  const key = (await admin.post('/api/v1/keys', { name: 'k' })).json().data;
  const rotated = (await admin.post(`/api/v1/keys/${key.id}/rotate`, {})).json().data;
  await hub.get(light, rotated.key);
  await hub.app.inject({ method: 'GET', url: '/api/v1/keys', headers: { 'x-api-key': rotated.key } });
  await admin.post('/api/v1/auth/logout');

  const logs = hub.logs.join('');
  assert.ok(logs.includes('signed in') && logs.includes('key rotated'), 'the dashboard’s actions are logged');
  const token = admin.cookie.split('=')[1] ?? '';
  for (const [what, secret] of Object.entries({
    password: PASSWORD,
    wrong: 'a wrong password that is long',
    generated: created.password,
    chosen,
    session: token,
    csrf: admin.csrfToken,
    key: key.key.slice(4),
    rotated: rotated.key.slice(4),
  })) {
    assert.ok(secret.length >= 12, what);
    assert.ok(!logs.includes(secret), `the ${what} secret is not logged`);
  }
  for (const line of hub.logs) {
    const entry = JSON.parse(line);
    if (entry.msg === 'request' || entry.msg === 'signed in') assert.ok(entry.reqId !== undefined, 'each line carries the request id');
  }
});

test('a key’s secret appears in exactly one answer', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  const answers: string[] = [];
  const record = async (reply: Promise<LightMyRequestResponse>) => {
    const r = await reply;
    answers.push(JSON.stringify(r.headers) + r.body);
    return r;
  };
  const key = (await record(admin.post('/api/v1/keys', { name: 'k' }))).json().data;
  const rotated = (await record(admin.post(`/api/v1/keys/${key.id}/rotate`, { graceSeconds: 60 }))).json().data;
  for (const operation of await dashboardOperations(hub)) {
    if (operation.method === 'GET') await record(admin.get(operation.path.replace('{id}', key.id)));
  }
  await record(hub.get('/openapi/v1/usage', rotated.key));
  await record(hub.get(light, key.key));
  for (const secret of [key.key, rotated.key]) {
    assert.equal(answers.filter((answer) => answer.includes(secret.slice(12))).length, 1, 'one answer carries the secret');
  }
  const rows = await hub.runtime.store.db.selectFrom('api_key').selectAll().execute();
  assert.ok(!JSON.stringify(rows).includes(key.key.slice(12)), 'the store has only its hash');
});
