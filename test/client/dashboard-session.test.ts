import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, FdhError } from '../../packages/client/src/index.ts';
import { cookieKeepingFetch, listeningHub } from '../helpers/client.ts';
import { createAccount, PASSWORD } from '../helpers/dashboard.ts';

/**
 * The dashboard API through the client in session mode, as the dashboard pages use it: no API
 * key, the session cookie (kept here by a cookie-keeping fetch, as the browser keeps it) and the
 * sign-in's CSRF token on every state change. Checked by `tsc` too: each `@ts-expect-error` line
 * fails the typecheck if the dashboard API grows the field or parameter it expects to be absent.
 */
test('session mode: sign in, read the account, create, list and revoke a key, sign out — typed by path', async (t) => {
  const hub = await listeningHub(t);
  const accountId = await createAccount(hub, 'member@example.com', { plan: 'basic' });
  const logins: string[] = [];
  const jar = cookieKeepingFetch();
  let csrf: string | undefined;
  const fdh = createClient({
    baseUrl: hub.baseUrl,
    csrfToken: () => csrf,
    fetch: (input, init) => {
      if (String(input).endsWith('/api/v1/auth/login')) logins.push(String(input));
      return jar(input, init);
    },
  });

  await assert.rejects(fdh.get('/api/v1/account'), { name: 'FdhError', status: 401, code: 'SESSION_REQUIRED' });
  await assert.rejects(fdh.post('/api/v1/auth/login', { body: { email: 'member@example.com', password: 'not the password' } }), {
    name: 'FdhError',
    status: 401,
    code: 'LOGIN_FAILED',
  });
  assert.equal(logins.length, 1, 'a refused sign-in is not sent again');

  const signedIn = await fdh.post('/api/v1/auth/login', { body: { email: 'member@example.com', password: PASSWORD } });
  assert.equal(signedIn.account.id, accountId);
  assert.equal(signedIn.account.role, 'member');
  // @ts-expect-error the sign-in answers an account, its CSRF token and expiry: no API key
  assert.equal(signedIn.apiKey, undefined);
  csrf = signedIn.csrfToken;

  const overview = await fdh.get('/api/v1/account');
  assert.equal(overview.account.email, 'member@example.com');
  assert.equal(overview.plan.name, 'basic');
  assert.ok(overview.plan.features.includes('crypto_data'));
  // @ts-expect-error the account's plan is a name here; its budget is overview.plan.budget
  assert.equal(overview.account.plan.budget, undefined);

  // @ts-expect-error scopes are feature codes
  await assert.rejects(fdh.post('/api/v1/keys', { body: { name: 'too wide', scopes: ['everything'] } }), { name: 'FdhError', status: 400 });
  const created = await fdh.post('/api/v1/keys', { body: { name: 'from node', scopes: ['crypto_data'] } });
  assert.match(created.key, /^apk_[0-9A-Za-z]{38}$/);
  assert.deepEqual(created.scopes, ['crypto_data']);
  const usage = await createClient({ baseUrl: hub.baseUrl, apiKey: created.key }).get('/openapi/v1/usage');
  assert.equal(usage.keyId, created.id, 'the new key works on the read API');

  const keys = await fdh.get('/api/v1/keys');
  const listed = keys.find((key) => key.id === created.id);
  assert.ok(listed !== undefined);
  assert.equal(listed.status, 'active');
  // @ts-expect-error a listed key never carries its secret
  assert.equal(listed.key, undefined);

  const withoutToken = createClient({ baseUrl: hub.baseUrl, fetch: jar });
  await assert.rejects(withoutToken.post('/api/v1/keys/{id}/revoke', { params: { id: created.id } }), (error: unknown) => {
    assert.ok(error instanceof FdhError);
    assert.equal(error.status, 403);
    assert.equal(error.code, 'CSRF_TOKEN_INVALID');
    return true;
  });
  const revoked = await fdh.post('/api/v1/keys/{id}/revoke', { params: { id: created.id } });
  assert.equal(revoked.status, 'revoked');

  assert.deepEqual(await fdh.post('/api/v1/auth/logout'), { signedOut: true });
  await assert.rejects(fdh.get('/api/v1/account'), { name: 'FdhError', status: 401, code: 'SESSION_REQUIRED' });
});
