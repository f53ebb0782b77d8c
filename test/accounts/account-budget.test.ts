import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';
import { createAccount } from '../helpers/dashboard.ts';
import { KeyCapError } from '../../src/core/auth/keys.service.ts';

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
