import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';

test('/usage answers 200 with remaining 0 when a lowered plan leaves the account over its budget', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const { account } = await hub.runtime.accounts.create({ email: 'down@example.com', plan: 'pro' });
  const { key } = await hub.runtime.keys.create({ accountId: account.id });
  // 25 calls of weight 3: 75 of pro's 1200, more than free's 60.
  for (let i = 0; i < 25; i++) assert.equal((await hub.get('/openapi/v1/probe/known', key)).statusCode, 200);
  await hub.runtime.accounts.setPlan(account.id, 'free');

  const usage = await hub.get('/openapi/v1/usage', key);
  assert.equal(usage.statusCode, 200, usage.body);
  const data = usage.json().data;
  assert.equal(data.plan, 'free');
  assert.equal(data.budget, 60);
  assert.equal(data.used, 75);
  assert.equal(data.remaining, 0);
  assert.equal(usage.headers['x-ratelimit-limit'], '60');
  assert.equal(usage.headers['x-ratelimit-remaining'], '0');
  assert.equal(usage.headers['x-ratelimit-weight-used'], '0');
  assert.equal(usage.headers['retry-after'], undefined);

  const charged = await hub.get('/openapi/v1/probe-light', key);
  assert.equal(charged.statusCode, 429, 'a call with a weight is still refused');
  assert.ok(Number(charged.headers['retry-after']) >= 1);
  assert.equal((await hub.get('/openapi/v1/usage', key)).statusCode, 200, 'and /usage still answers');
});
