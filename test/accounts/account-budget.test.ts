import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';
import { createAccount, signIn } from '../helpers/dashboard.ts';
import { KeyCapError } from '../../src/accounts/keys.service.ts';

const PLANS = { plans: { free: { budget: 60, features: ['crypto_data'] } }, weights: { '/usage': 1 } };

test('every key of an account draws from the one budget of its plan, and an 11th live key is refused', async (t) => {
  const hub = await createTestHub(t, { plans: PLANS, domains: [probeDomain] });
  const accountId = await createAccount(hub, 'free@example.com', { plan: 'free' });
  const keys: string[] = [];
  for (let i = 0; i < 10; i++) keys.push((await hub.runtime.keys.create({ accountId, name: `k${i}` })).key);
  await assert.rejects(hub.runtime.keys.create({ accountId, name: 'k10' }), (error: Error) => {
    assert.ok(error instanceof KeyCapError);
    assert.match(error.message, /plan free allows 10 live keys per account and free@example\.com has 10/);
    return true;
  });

  // One after another, round the ten keys: with a budget per key all 70 would pass.
  const replies = [];
  for (let i = 0; i < 70; i++) replies.push(await hub.get('/openapi/v1/usage', keys[i % keys.length]));
  const admitted = replies.filter((r) => r.statusCode === 200);
  assert.equal(admitted.length, 60, 'the ten keys together get the plan budget of 60, not 600');
  assert.equal(replies.filter((r) => r.statusCode === 429).length, 10);
  const last = replies.at(-1);
  assert.equal(last?.headers['x-ratelimit-limit'], '60', "the headers describe the account's window");
  assert.equal(last?.headers['x-ratelimit-remaining'], '0');

  // A revoked key frees a place.
  const first = (await hub.runtime.keys.list(accountId))[0];
  assert.ok(first !== undefined);
  await hub.runtime.keys.revoke(first.id);
  assert.ok((await hub.runtime.keys.create({ accountId, name: 'replacement' })).key.startsWith('apk_'));
});

test("a key's own lower budget is checked in the same step as its account's", async (t) => {
  const hub = await createTestHub(t, { plans: PLANS, domains: [probeDomain] });
  const accountId = await createAccount(hub, 'two@example.com', { plan: 'free' });
  const small = (await hub.runtime.keys.create({ accountId, name: 'small', budget: 5 })).key;
  const whole = (await hub.runtime.keys.create({ accountId, name: 'whole' })).key;
  const smallReplies = await Promise.all(Array.from({ length: 20 }, () => hub.get('/openapi/v1/usage', small)));
  assert.equal(smallReplies.filter((r) => r.statusCode === 200).length, 5);
  assert.equal(smallReplies.at(-1)?.headers['x-ratelimit-limit'], '5', "the key's own window is the tighter one");
  const wholeReplies = await Promise.all(Array.from({ length: 100 }, () => hub.get('/openapi/v1/usage', whole)));
  assert.equal(wholeReplies.filter((r) => r.statusCode === 200).length, 55, 'the small key spent 5 of the account’s 60');
  await assert.rejects(hub.runtime.keys.create({ accountId, name: 'too big', budget: 61 }), /budget must be an integer from 1 to the plan's 60/);
});

test('`--plan free` keys are tenants of their own: separate budgets, and no shared cap', async (t) => {
  const hub = await createTestHub(t, { plans: { plans: { free: { budget: 60, features: ['crypto_data'] } } }, domains: [probeDomain] });
  const a = (await hub.runtime.keys.create({ plan: 'free', name: 'tenant A' })).key;
  const b = (await hub.runtime.keys.create({ plan: 'free', name: 'tenant B' })).key;
  const spent = [];
  for (let i = 0; i < 61; i++) spent.push((await hub.get('/openapi/v1/probe-light', a)).statusCode);
  assert.equal(spent.filter((s) => s === 200).length, 60, 'A spends its own 60');
  assert.equal(spent.at(-1), 429);
  const usage = await hub.get('/openapi/v1/usage', b);
  assert.equal(usage.statusCode, 200);
  assert.equal(usage.json().data.used, 0, "A's calls left B's window untouched");
  assert.equal((await hub.get('/openapi/v1/probe-light', b)).statusCode, 200, 'B answers');
  for (let i = 0; i < 9; i++) await hub.runtime.keys.create({ plan: 'free', name: `more ${i}` });
  const eleventh = await hub.runtime.keys.create({ plan: 'free', name: 'eleventh' });
  assert.ok(eleventh.key.startsWith('apk_'), 'the 11th --plan free key is created: the cap is per tenant');
  assert.equal((await hub.runtime.keys.list()).length, 12);
});

test('rotation with a grace counts against the cap under the account lock: 8 rotations keep a free member at 10 live keys', async (t) => {
  const hub = await createTestHub(t, { plans: PLANS, domains: [probeDomain] });
  const member = await signIn(hub, 'rot@example.com', { plan: 'free' });
  const secrets: string[] = [];
  for (let i = 0; i < 10; i++) {
    const reply = await member.post('/api/v1/keys', { name: `k${i}` });
    assert.equal(reply.statusCode, 201, reply.body);
    secrets.push(reply.json().data.key);
  }
  let id = (await member.get('/api/v1/keys')).json().data[0].id as string;
  const live = async () => (await member.get('/api/v1/keys')).json().data.filter((k: { status: string }) => k.status === 'active').length;
  for (let i = 0; i < 8; i++) {
    const reply = await member.post(`/api/v1/keys/${id}/rotate`, { graceSeconds: 86_400 });
    assert.equal(reply.statusCode, 400, reply.body);
    assert.match(reply.body, /allows 10 live keys per account .* has 10; a rotation with a grace keeps the old key live/);
  }
  assert.equal(await live(), 10, 'still 10 live keys');
  const answering = await Promise.all(secrets.map((s) => hub.get('/openapi/v1/usage', s)));
  assert.equal(answering.filter((r) => r.statusCode === 200).length, 10);

  // Without a grace the old key ends at once: a leaked key can always be replaced at the cap.
  const now = await member.post(`/api/v1/keys/${id}/rotate`, { graceSeconds: 0 });
  assert.equal(now.statusCode, 201, now.body);
  assert.equal(await live(), 10);

  // Below the cap a grace is granted, and the old key counts until it ends.
  const revoked = await member.post(`/api/v1/keys/${now.json().data.id}/revoke`);
  assert.equal(revoked.statusCode, 200, revoked.body);
  id = (await member.get('/api/v1/keys')).json().data.find((k: { status: string }) => k.status === 'active').id;
  const graced = await member.post(`/api/v1/keys/${id}/rotate`, { graceSeconds: 3600 });
  assert.equal(graced.statusCode, 201, graced.body);
  assert.equal(await live(), 10, '9 keys, then the rotated one and its replacement');
  assert.equal((await member.post(`/api/v1/keys/${graced.json().data.id}/rotate`, { graceSeconds: 3600 })).statusCode, 400);
  assert.equal((await member.post('/api/v1/keys', { name: 'one more' })).statusCode, 400, 'and creation sees the same count');
});

test('concurrent rotations with a grace never pass the cap', async (t) => {
  const hub = await createTestHub(t, { plans: PLANS, domains: [probeDomain] });
  const accountId = await createAccount(hub, 'race@example.com', { plan: 'free' });
  const ids = [];
  for (let i = 0; i < 8; i++) ids.push((await hub.runtime.keys.create({ accountId, name: `k${i}` })).id);
  const results = await Promise.allSettled(ids.map((id) => hub.runtime.keys.rotate(id, { accountId, graceSeconds: 86_400 })));
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 2, 'two places were free');
  const now = hub.clock.now();
  const live = (await hub.runtime.keys.list(accountId)).filter(
    (k) => k.revokedAt === null && (k.graceEndsAt === null || Date.parse(k.graceEndsAt) > now.getTime()),
  );
  assert.equal(live.length, 10);
});
