import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';
import { createAccount, login, PASSWORD, signIn, signInAs } from '../helpers/dashboard.ts';

const light = '/openapi/v1/probe-light';

test('sign in sets an HttpOnly, SameSite=Strict session cookie scoped to /api/v1 and returns the account and a CSRF token', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  await createAccount(hub, 'ann@example.com', { plan: 'basic' });
  const reply = await login(hub, 'Ann@Example.com ', PASSWORD);
  assert.equal(reply.statusCode, 200);
  const cookie = String(reply.headers['set-cookie']);
  assert.match(cookie, /^fdh_session=[A-Za-z0-9_-]{43}; Path=\/api\/v1; HttpOnly; SameSite=Strict; Max-Age=43200$/);
  assert.equal(reply.headers['cache-control'], 'no-store');
  const body = reply.json();
  assert.equal(body.success, true);
  assert.equal(body.data.account.email, 'ann@example.com');
  assert.equal(body.data.account.plan, 'basic');
  assert.equal(typeof body.data.csrfToken, 'string');
  assert.equal('password' in body.data.account || 'passwordHash' in body.data.account, false);

  const wrong = await login(hub, 'ann@example.com', 'not the password');
  assert.equal(wrong.statusCode, 401);
  assert.equal(wrong.json().error.code, 'LOGIN_FAILED');
  assert.equal((await login(hub, 'nobody@example.com', PASSWORD)).json().error.code, 'LOGIN_FAILED', 'an unknown email gets the same answer');
  const bad = await login(hub, '', '');
  assert.equal(bad.statusCode, 400);
  assert.match(JSON.stringify(bad.json().error.message), /email/);
});

test('the cookie is marked Secure when the operator says the hub is served over TLS', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_TLS: 'true' } });
  await createAccount(hub, 'ann@example.com');
  assert.match(String((await login(hub, 'ann@example.com', PASSWORD)).headers['set-cookie']), /; Secure$/);
});

test('sessions end at sign-out on the server, after idle time, and at their absolute end', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_SESSION_IDLE_MINUTES: '30', FDH_SESSION_MAX_HOURS: '2' } });
  const ann = await signIn(hub, 'ann@example.com');
  assert.equal((await ann.get('/api/v1/account')).statusCode, 200);
  const out = await ann.post('/api/v1/auth/logout');
  assert.equal(out.statusCode, 200);
  assert.match(String(out.headers['set-cookie']), /^fdh_session=; .*Max-Age=0/);
  const after = await ann.get('/api/v1/account');
  assert.equal(after.statusCode, 401, 'the old cookie no longer works: the session ended on the server');
  assert.equal(after.json().error.code, 'SESSION_REQUIRED');

  const idle = await signInAs(hub, 'ann@example.com', ann.accountId);
  hub.clock.advance(29 * 60_000);
  assert.equal((await idle.get('/api/v1/account')).statusCode, 200, 'activity keeps a session alive');
  hub.clock.advance(29 * 60_000);
  assert.equal((await idle.get('/api/v1/account')).statusCode, 200);
  hub.clock.advance(30 * 60_000);
  assert.equal((await idle.get('/api/v1/account')).statusCode, 401, '30 minutes idle ends it');

  const busy = await signInAs(hub, 'ann@example.com', ann.accountId);
  for (let minutes = 0; minutes < 115; minutes += 20) {
    assert.equal((await busy.get('/api/v1/account')).statusCode, 200);
    hub.clock.advance(20 * 60_000);
  }
  assert.equal((await busy.get('/api/v1/account')).statusCode, 401, 'two hours after sign-in it ends, busy or not');
});

test('a page opened again gets its account and CSRF token from the session', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const ann = await signIn(hub, 'ann@example.com');
  const session = await ann.get('/api/v1/auth/session');
  assert.equal(session.statusCode, 200);
  assert.equal(session.json().data.csrfToken, ann.csrfToken);
  assert.equal(session.json().data.account.email, 'ann@example.com');
});

test('the account page shows the plan, its features and the account’s budget and use of the current minute over all its keys', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const ann = await signIn(hub, 'ann@example.com', { plan: 'basic' });
  const created = (await ann.post('/api/v1/keys', { name: 'ci' })).json().data;
  const capped = (await ann.post('/api/v1/keys', { name: 'capped', budget: 10 })).json().data;
  for (let i = 0; i < 3; i++) assert.equal((await hub.get(light, created.key)).statusCode, 200);
  for (let i = 0; i < 2; i++) assert.equal((await hub.get(light, capped.key)).statusCode, 200);
  const overview = (await ann.get('/api/v1/account')).json().data;
  assert.equal(overview.plan.name, 'basic');
  assert.equal(overview.plan.maxKeys, 10);
  assert.equal(overview.budget, 300);
  assert.ok(overview.plan.features.includes('crypto_data'));
  assert.equal(overview.used, 5, 'both keys drew on the account');
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  assert.deepEqual(overview.keys.sort(byName), [
    { keyId: capped.id, name: 'capped', prefix: capped.prefix, budget: 10, used: 2 },
    { keyId: created.id, name: 'ci', prefix: created.prefix, budget: null, used: null },
  ]);
  assert.equal(overview.resetAt, '2026-06-19T08:46:00.000Z');
});

test('keys: create (secret once), list, call the API, rotate (old key refused at once), revoke', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const ann = await signIn(hub, 'ann@example.com');
  const create = await ann.post('/api/v1/keys', { name: 'laptop', scopes: ['crypto_data'], expiresAt: '2027-01-01T00:00:00Z' });
  assert.equal(create.statusCode, 201, create.body);
  const created = create.json().data;
  assert.match(created.key, /^apk_[0-9A-Za-z]{38}$/);
  assert.deepEqual(
    { ...created, id: undefined, key: undefined, prefix: undefined },
    {
      id: undefined,
      key: undefined,
      prefix: undefined,
      name: 'laptop',
      createdAt: '2026-06-19T08:45:30.000Z',
      lastUsedAt: null,
      expiresAt: '2027-01-01T00:00:00.000Z',
      scopes: ['crypto_data'],
      budget: null,
      graceEndsAt: null,
      replacedBy: null,
      status: 'active',
    },
  );
  assert.equal(created.prefix, created.key.slice(0, 12));
  assert.equal((await hub.get(light, created.key)).statusCode, 200);

  const listed = (await ann.get('/api/v1/keys')).json().data;
  assert.deepEqual(
    listed.map((k: { id: string; status: string }) => [k.id, k.status]),
    [[created.id, 'active']],
  );
  assert.ok(!JSON.stringify(listed).includes(created.key.slice(12)), 'the list never shows a secret');

  const rotate = await ann.post(`/api/v1/keys/${created.id}/rotate`, {});
  assert.equal(rotate.statusCode, 201, rotate.body);
  const rotated = rotate.json().data;
  assert.notEqual(rotated.key, created.key);
  assert.deepEqual(
    [rotated.name, rotated.scopes, rotated.expiresAt],
    ['laptop', ['crypto_data'], '2027-01-01T00:00:00.000Z'],
    'the new key keeps name, scopes and expiry',
  );
  assert.equal((await hub.get(light, created.key)).statusCode, 401, 'the old key is refused on its next request');
  assert.equal((await hub.get(light, rotated.key)).statusCode, 200);
  const afterRotation = (await ann.get('/api/v1/keys')).json().data as { id: string; replacedBy: string | null }[];
  assert.equal(afterRotation.find((k) => k.id === created.id)?.replacedBy, rotated.id, 'the old key names the key that replaced it');

  const revoke = await ann.post(`/api/v1/keys/${rotated.id}/revoke`);
  assert.equal(revoke.statusCode, 200);
  assert.equal(revoke.json().data.status, 'revoked');
  assert.equal((await hub.get(light, rotated.key)).statusCode, 401, 'refused from its next request');
  assert.deepEqual(
    (await ann.get('/api/v1/keys')).json().data.map((k: { status: string }) => k.status),
    ['revoked', 'revoked'],
  );
  const again = await ann.post(`/api/v1/keys/${rotated.id}/rotate`, {});
  assert.equal(again.statusCode, 400, 'a revoked key cannot be rotated');
  const unknownScope = await ann.post('/api/v1/keys', { name: 'x', scopes: ['gold_data'] });
  assert.equal(unknownScope.statusCode, 400);
  assert.match(JSON.stringify(unknownScope.json().error.message), /scopes/);
  assert.equal((await ann.post('/api/v1/keys', { name: 'x', extra: 1 })).statusCode, 400, 'unknown body properties are refused');
});

test('a rotation grace keeps the old key working until it ends, at most 24 hours', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_SESSION_IDLE_MINUTES: '120' } });
  const ann = await signIn(hub, 'ann@example.com');
  const created = (await ann.post('/api/v1/keys', { name: 'server' })).json().data;
  const rotated = await ann.post(`/api/v1/keys/${created.id}/rotate`, { graceSeconds: 3600 });
  assert.equal(rotated.statusCode, 201);
  assert.equal((await hub.get(light, created.key)).statusCode, 200, 'still accepted during the grace');
  const old = (await ann.get('/api/v1/keys')).json().data.find((k: { id: string }) => k.id === created.id);
  assert.equal(old.graceEndsAt, '2026-06-19T09:45:30.000Z');
  assert.equal(old.expiresAt, null, 'the grace is not the key’s own expiry');
  hub.clock.advance(3600_000);
  assert.equal((await hub.get(light, created.key)).statusCode, 401, 'refused once the grace is over');
  assert.equal((await hub.get(light, rotated.json().data.key)).statusCode, 200);
  const bare = await hub.app.inject({
    method: 'POST',
    url: `/api/v1/keys/${rotated.json().data.id}/rotate`,
    headers: { cookie: ann.cookie, 'x-csrf-token': ann.csrfToken },
  });
  assert.equal(bare.statusCode, 201, 'a POST without a body (no grace) is fine');
  const noName = await hub.app.inject({ method: 'POST', url: '/api/v1/keys', headers: { cookie: ann.cookie, 'x-csrf-token': ann.csrfToken } });
  assert.equal(noName.statusCode, 400);
  assert.match(JSON.stringify(noName.json().error.message), /name/);
  const tooLong = await ann.post(`/api/v1/keys/${bare.json().data.id}/rotate`, { graceSeconds: 86_401 });
  assert.equal(tooLong.statusCode, 400);
  assert.match(JSON.stringify(tooLong.json().error.message), /graceSeconds/);
});

test('rotating a key within its grace gives the new key the key’s own expiry, not the grace’s end (finding 6)', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const ann = await signIn(hub, 'ann@example.com');
  const created = (await ann.post('/api/v1/keys', { name: 'server', expiresAt: '2027-01-01T00:00:00Z' })).json().data;
  const first = await ann.post(`/api/v1/keys/${created.id}/rotate`, { graceSeconds: 60 });
  assert.equal(first.statusCode, 201);
  const second = await ann.post(`/api/v1/keys/${created.id}/rotate`, { graceSeconds: 3600 });
  assert.equal(second.statusCode, 201, second.body);
  assert.equal(second.json().data.expiresAt, '2027-01-01T00:00:00.000Z');
  hub.clock.advance(120_000);
  assert.equal((await hub.get(light, created.key)).statusCode, 401, 'a second rotation never lengthens the first grace');
  assert.equal((await hub.get(light, second.json().data.key)).statusCode, 200, 'the new key outlives the old one’s grace');
});

test('admins list and create accounts, change plans (applied on the next request) and disable accounts; and see the plans', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  const create = await admin.post('/api/v1/admin/accounts', { email: 'cy@example.com', plan: 'free', name: 'Cy' });
  assert.equal(create.statusCode, 201, create.body);
  const { account, password } = create.json().data;
  assert.match(password, /^[0-9A-Za-z]{20}$/, 'a one-time password in this answer');
  assert.equal((await admin.post('/api/v1/admin/accounts', { email: 'CY@example.com', plan: 'pro' })).statusCode, 409);
  assert.equal((await admin.post('/api/v1/admin/accounts', { email: 'dee@example.com', plan: 'gold' })).statusCode, 400);

  const cy = await signInAs(hub, 'cy@example.com', account.id, password);
  assert.equal(
    (await cy.post('/api/v1/account/password', { currentPassword: password, newPassword: 'cy’s own passphrase' })).statusCode,
    200,
    'the one-time password is changed first',
  );
  const key = (await cy.post('/api/v1/keys', { name: 'k' })).json().data.key;
  assert.equal((await hub.get(`/openapi/v1/probe/known`, key)).statusCode, 403, 'free has no macro_data');
  const plan = await admin.post(`/api/v1/admin/accounts/${account.id}/plan`, { plan: 'pro' });
  assert.equal(plan.statusCode, 200);
  assert.equal(plan.json().data.plan, 'pro');
  assert.equal((await hub.get(`/openapi/v1/probe/known`, key)).statusCode, 200, 'the next request has the new plan');

  const listed = (await admin.get('/api/v1/admin/accounts')).json().data;
  assert.deepEqual(
    listed.map((a: { email: string; keyCount: number; plan: string }) => [a.email, a.plan, a.keyCount]),
    [
      ['cy@example.com', 'pro', 1],
      ['root@example.com', 'pro', 0],
    ],
  );
  const disable = await admin.post(`/api/v1/admin/accounts/${account.id}/disable`);
  assert.equal(disable.json().data.status, 'disabled');
  assert.equal((await hub.get(light, key)).statusCode, 401, 'a disabled account’s keys are refused');
  assert.equal((await cy.get('/api/v1/account')).statusCode, 401, 'and its sessions end');
  assert.equal((await login(hub, 'cy@example.com', 'cy’s own passphrase')).statusCode, 401);
  assert.equal((await admin.post(`/api/v1/admin/accounts/${account.id}/enable`)).json().data.status, 'active');
  assert.equal((await hub.get(light, key)).statusCode, 200);
  assert.equal((await admin.post(`/api/v1/admin/accounts/${admin.accountId}/disable`)).statusCode, 400, 'an admin cannot lock themselves out');
  assert.equal((await admin.post('/api/v1/admin/accounts/acc_nope/plan', { plan: 'pro' })).statusCode, 404);

  const plans = (await admin.get('/api/v1/admin/plans')).json().data;
  assert.deepEqual(
    plans.map((p: { name: string; budget: number }) => [p.name, p.budget]),
    [
      ['free', 60],
      ['basic', 300],
      ['pro', 1200],
      ['enterprise', 6000],
    ],
  );
});

test('a POST with Content-Type: application/json and an empty body reads as no body; a malformed one is still a 400', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const ann = await signIn(hub, 'ann@example.com');
  const created = (await ann.post('/api/v1/keys', { name: 'laptop' })).json().data;
  const send = (payload: string) =>
    hub.app.inject({
      method: 'POST',
      url: `/api/v1/keys/${created.id}/rotate`,
      payload,
      headers: { cookie: ann.cookie, 'x-csrf-token': ann.csrfToken, 'content-type': 'application/json' },
    });
  const malformed = await send('{"graceSeconds":');
  assert.equal(malformed.statusCode, 400);
  const poisoned = await send('{"__proto__":{"x":1}}');
  assert.equal(poisoned.statusCode, 400, 'prototype poisoning is still refused');
  const rotated = await send('');
  assert.equal(rotated.statusCode, 201, rotated.body);
  assert.equal(rotated.json().data.name, 'laptop');
});
