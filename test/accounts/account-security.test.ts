import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';
import { createAccount, login, PASSWORD, signIn, signInAs } from '../helpers/dashboard.ts';

test("guessable passwords are refused with the estimator's feedback; strong ones pass (finding 4)", async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  assert.equal((await admin.post('/api/v1/admin/accounts', { email: 'weak@example.com', plan: 'free', password: ' '.repeat(12) })).statusCode, 400);
  const weak = [
    'aaaaaaaaaaaa',
    'password1234',
    'PASSWORD1234',
    'abcabcabcabc',
    '123412341234',
    'abcdefghijkl',
    'qwertyqwerty',
    'letmein12345',
    'iloveyou1234',
    'weak@example.com',
    'Ada Lovelace 1',
  ];
  for (const password of weak) {
    const reply = await admin.post('/api/v1/admin/accounts', { email: 'weak@example.com', name: 'Ada Lovelace', plan: 'free', password });
    assert.equal(reply.statusCode, 400, JSON.stringify(password));
    const message = JSON.stringify(reply.json().error.message);
    assert.match(message, /too easy to guess \(strength [0-2] of 4/, password);
    assert.match(message, /\. [A-Z]|: [A-Z]/, `${password}: the estimator's warning or suggestions are in the message`);
    assert.ok(!message.includes(password), `${password}: the message never echoes the password`);
  }
  const email = await admin.post('/api/v1/admin/accounts', { email: 'weak@example.com', plan: 'free', password: 'weak@example.com' });
  assert.match(JSON.stringify(email.json().error.message), /personal/i, "the account's own email is called personal data");
  for (const [i, password] of ['correct horse battery staple', 'tangerine orbit canvas', 'q7R!vX2m#Lp9sKw4'].entries()) {
    const strong = await admin.post('/api/v1/admin/accounts', { email: `strong${i}@example.com`, plan: 'free', password });
    assert.equal(strong.statusCode, 201, password);
  }
  const strong = await hub.runtime.accounts.create({ email: 'weak@example.com', plan: 'free' });
  await assert.rejects(hub.runtime.accounts.resetPassword(strong.account.id, 'qwertyqwerty'), /too easy to guess/);
  await assert.rejects(hub.runtime.accounts.resetPassword(strong.account.id, 'weak@example.com'), /too easy to guess/);
  await hub.runtime.accounts.resetPassword(strong.account.id, 'correct horse battery staple');
});

test('the passwords the hub chooses pass its own policy', async () => {
  const { generatePassword } = await import('../../src/accounts/password.ts');
  const { checkPasswordPolicy } = await import('../../src/accounts/password-policy.ts');
  for (let i = 0; i < 50; i++) await checkPasswordPolicy(generatePassword(), { email: 'ann@example.com', name: 'Ann' });
});

test('emails are one account after NFKC and case folding, and must be addresses (finding 10)', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  assert.equal((await admin.post('/api/v1/admin/accounts', { email: 'uni@x.test', plan: 'free' })).statusCode, 201);
  const fullWidth = await admin.post('/api/v1/admin/accounts', { email: 'ｕni@x.test', plan: 'free' });
  assert.equal(fullWidth.statusCode, 409, 'a full-width u is the same account');
  const markup = await admin.post('/api/v1/admin/accounts', { email: '<img/src=x/onerror=alert(1)>@x.test', plan: 'free' });
  assert.equal(markup.statusCode, 400);
  assert.match(JSON.stringify(markup.json().error.message), /email must be an email address/);
  assert.equal((await login(hub, 'ＲＯＯＴ@example.com', PASSWORD)).statusCode, 200, 'sign-in normalises the same way');
});

test("an email drawn like an existing account's is refused (Cyrillic а, о); ordinary non-ASCII addresses work", async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'admin@fdh.local', { role: 'admin' });
  for (const email of ['\u0430dmin@fdh.local', 'admin@fdh.l\u043ecal', '\u0430dmin@fdh.l\u043ecal', '\u0430\u0501min@fdh.local']) {
    const reply = await admin.post('/api/v1/admin/accounts', { email, plan: 'free' });
    assert.ok(reply.statusCode === 409 || reply.statusCode === 400, `${email}: ${reply.statusCode}`);
    assert.match(JSON.stringify(reply.json().error.message), /looks like the email of an existing account|look-alike letters/);
  }
  const skeletonOnly = await hub.runtime.accounts.create({ email: '\u0430\u0501\u043c\u0456\u043f@fdh.local', plan: 'free' }).catch((error: Error) => error);
  assert.ok(
    skeletonOnly instanceof Error && /looks like the email of an existing account/.test(skeletonOnly.message),
    'a wholly Cyrillic look-alike is caught by its skeleton',
  );
  assert.equal((await admin.get('/api/v1/admin/accounts')).json().data.filter((a: { email: string }) => a.email.includes('fdh.l')).length, 1);
  for (const email of ['müller@example.de', 'иван@пример.рф', '田中@例え.jp']) {
    const reply = await admin.post('/api/v1/admin/accounts', { email, plan: 'free' });
    assert.equal(reply.statusCode, 201, `${email}: ${reply.body}`);
  }
});

test('a validation error names at most 5 problems and stays under 8 KiB on both surfaces (finding 5)', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const payload: Record<string, string> = { email: 'a@b.test', password: 'x' };
  for (let i = 0; i < 5000; i++) payload[`p${i}`] = '';
  const signInReply = await hub.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
  assert.equal(signInReply.statusCode, 400);
  assert.ok(signInReply.body.length < 8192, `${signInReply.body.length} bytes`);
  assert.ok((signInReply.json().error.message as string[]).length <= 6, 'a few problems, not one per property');

  const ann = await signIn(hub, 'ann@example.com');
  const scopes = Array.from({ length: 5000 }, (_, i) => `bad_${i}`);
  const keyReply = await ann.post('/api/v1/keys', { name: 'k', scopes });
  assert.equal(keyReply.statusCode, 400);
  assert.ok(keyReply.body.length < 8192, `${keyReply.body.length} bytes`);

  const query = Array.from({ length: 500 }, (_, i) => `q${i}=1`).join('&');
  const key = await hub.key('pro');
  const apiReply = await hub.get(`/openapi/v1/probe/known?${query}`, key);
  assert.equal(apiReply.statusCode, 400);
  assert.ok(apiReply.body.length < 8192, `${apiReply.body.length} bytes`);
});

test('an active session outlives a one-minute idle limit, and an idle one ends (finding 7)', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_SESSION_IDLE_MINUTES: '1' } });
  const ann = await signIn(hub, 'ann@example.com');
  for (let seconds = 0; seconds < 180; seconds += 10) {
    assert.equal((await ann.get('/api/v1/account')).statusCode, 200, `after ${seconds} s of activity`);
    hub.clock.advance(10_000);
  }
  hub.clock.advance(60_000);
  assert.equal((await ann.get('/api/v1/account')).statusCode, 401, 'a minute without a request ends it');
});

test('nosniff on every answer, and HSTS only when the hub is reached over TLS (finding 8)', async (t) => {
  const plain = await createTestHub(t, { domains: [probeDomain] });
  const key = await plain.key('pro');
  for (const reply of [
    await plain.get('/openapi/v1/probe-light', key),
    await plain.get('/openapi/v1/nowhere', key),
    await plain.get('/openapi.json'),
    await plain.get('/nowhere'),
    await plain.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} }),
  ]) {
    assert.equal(reply.headers['x-content-type-options'], 'nosniff', `${reply.statusCode} ${reply.body.slice(0, 60)}`);
    assert.equal(reply.headers['strict-transport-security'], undefined);
  }
  const tls = await createTestHub(t, { domains: [probeDomain], env: { FDH_TLS: 'true' } });
  assert.equal((await tls.get('/openapi.json')).headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
});

test('a one-time password must be changed before anything else answers; the change ends the other sessions', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  const created = (await admin.post('/api/v1/admin/accounts', { email: 'cy@example.com', plan: 'free' })).json().data;
  const cy = await signInAs(hub, 'cy@example.com', created.account.id, created.password);
  const other = await signInAs(hub, 'cy@example.com', created.account.id, created.password);
  const refused = await cy.get('/api/v1/keys');
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().error.code, 'PASSWORD_CHANGE_REQUIRED');
  assert.equal((await cy.post('/api/v1/keys', { name: 'k' })).statusCode, 403);
  assert.equal((await cy.get('/api/v1/auth/session')).json().data.account.mustChangePassword, true);

  const wrong = await cy.post('/api/v1/account/password', { currentPassword: 'not the password', newPassword: 'a brand new passphrase' });
  assert.equal(wrong.statusCode, 400);
  assert.match(JSON.stringify(wrong.json().error.message), /currentPassword/);
  const weak = await cy.post('/api/v1/account/password', { currentPassword: created.password, newPassword: 'iloveyou1234' });
  assert.equal(weak.statusCode, 400);
  const changed = await cy.post('/api/v1/account/password', { currentPassword: created.password, newPassword: 'a brand new passphrase' });
  assert.equal(changed.statusCode, 200, changed.body);
  assert.equal(changed.json().data.mustChangePassword, false);
  assert.equal((await cy.get('/api/v1/keys')).statusCode, 200, 'then the dashboard answers');
  assert.equal((await other.get('/api/v1/keys')).statusCode, 401, 'the account’s other sessions ended');
  assert.equal((await login(hub, 'cy@example.com', created.password)).statusCode, 401);

  // A password the operator chose need not be changed.
  const chosen = await createAccount(hub, 'dee@example.com');
  const dee = await signInAs(hub, 'dee@example.com', chosen);
  assert.equal((await dee.get('/api/v1/keys')).statusCode, 200);
});

test('a state change whose Origin is not the hub’s own is refused even with the CSRF token', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const ann = await signIn(hub, 'ann@example.com');
  const post = (origin: string) =>
    hub.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      payload: { name: 'k' },
      headers: { cookie: ann.cookie, 'x-csrf-token': ann.csrfToken, origin, host: 'hub.example:8443' },
    });
  const foreign = await post('https://evil.example');
  assert.equal(foreign.statusCode, 403);
  assert.match(foreign.json().error.message, /Origin https:\/\/evil\.example is not this hub's own/);
  assert.equal((await post('null')).statusCode, 403);
  assert.equal((await post('https://hub.example:8443')).statusCode, 201, 'the hub’s own origin passes');
  assert.equal((await ann.get('/api/v1/keys')).json().data.length, 1, 'only the own-origin request made a key');
});

test('dashboard state changes are limited per account', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_DASHBOARD_WRITES_PER_MINUTE: '4' } });
  const ann = await signIn(hub, 'ann@example.com');
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await ann.post('/api/v1/keys', { name: `k${i}` })).statusCode);
  assert.deepEqual(statuses, [201, 201, 201, 201, 429, 429]);
});

test('the audit trail records account, key, plan and session actions with who, when and from where; admins page and filter it', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'root@example.com', { role: 'admin' });
  const ann = await signIn(hub, 'ann@example.com');
  const key = (await ann.post('/api/v1/keys', { name: 'k' })).json().data;
  await ann.post(`/api/v1/keys/${key.id}/revoke`);
  await admin.post(`/api/v1/admin/accounts/${ann.accountId}/plan`, { plan: 'basic' });
  await login(hub, 'ann@example.com', 'a wrong password here');

  const all = (await admin.get('/api/v1/admin/audit?account=ann@example.com')).json().data;
  assert.deepEqual(
    all.events.map((e: { action: string; actor: string }) => [e.action, e.actor]),
    [
      ['session.signin-failed', 'anonymous'],
      ['account.plan', 'root@example.com'],
      ['key.revoke', 'ann@example.com'],
      ['key.create', 'ann@example.com'],
      ['session.signin', 'ann@example.com'],
      ['account.create', 'system'],
    ],
  );
  const revoke = all.events.find((e: { action: string }) => e.action === 'key.revoke');
  assert.deepEqual([revoke.target, revoke.address, revoke.accountId], [key.id, '127.0.0.1', ann.accountId]);

  const firstPage = (await admin.get('/api/v1/admin/audit?account=ann@example.com&limit=4')).json().data;
  assert.equal(firstPage.events.length, 4);
  const secondPage = (await admin.get(`/api/v1/admin/audit?account=ann@example.com&limit=4&cursor=${firstPage.next}`)).json().data;
  assert.deepEqual(
    secondPage.events.map((e: { action: string }) => e.action),
    ['session.signin', 'account.create'],
  );
  assert.equal(secondPage.next, null);
  const revokes = (await admin.get('/api/v1/admin/audit?action=key.revoke')).json().data;
  assert.equal(revokes.events.length, 1);
  assert.equal((await ann.get('/api/v1/admin/audit')).statusCode, 403, 'admins only');
  assert.equal((await admin.get('/api/v1/admin/audit?action=key.explode')).statusCode, 400);
});

test('audit events older than FDH_AUDIT_RETENTION_DAYS are deleted', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_AUDIT_RETENTION_DAYS: '2' } });
  await createAccount(hub, 'old@example.com');
  hub.clock.advance(3 * 86_400_000);
  await createAccount(hub, 'new@example.com');
  const events = await hub.runtime.audit.list({ limit: 10 });
  assert.deepEqual(
    events.events.map((e) => e.accountEmail),
    ['new@example.com'],
  );
});
