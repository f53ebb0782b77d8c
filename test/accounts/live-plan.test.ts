import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createTestHub } from '../helpers/app.ts';
import { PROBE_KNOWN_ID, probeDomain } from '../helpers/probe-domain.ts';
import { POLL_INTERVAL_MS } from '../../src/kernel/version-watcher.ts';

const probe = `/openapi/v1/probe/${PROBE_KNOWN_ID}`;

async function usage(app: FastifyInstance, key: string): Promise<{ status: number; plan?: string; budget?: number }> {
  const reply = await app.inject({ method: 'GET', url: '/openapi/v1/usage', headers: { 'x-api-key': key } });
  const body = reply.json();
  return { status: reply.statusCode, plan: body.data?.plan, budget: body.data?.budget };
}

/** Another process hears of a change within the version watcher's delay; a deadline well past it keeps the test from hanging. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + POLL_INTERVAL_MS * 20;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(20);
    value = await read();
  }
  return value;
}

test('a key takes its account’s plan: a plan change applies to every key of the account on its next request', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const { account } = await hub.runtime.accounts.create({ email: 'ann@example.com', plan: 'free' });
  const first = await hub.runtime.keys.create({ accountId: account.id, name: 'one' });
  const second = await hub.runtime.keys.create({ accountId: account.id, name: 'two', scopes: ['macro_data', 'crypto_data'] });
  assert.equal((await hub.get(probe, first.key)).statusCode, 403, 'free has no macro_data');
  assert.equal((await hub.get(probe, second.key)).statusCode, 403, 'a scope outside the plan grants nothing');
  assert.equal((await usage(hub.app, first.key)).budget, 60);

  await hub.runtime.accounts.setPlan(account.id, 'pro');
  assert.equal((await hub.get(probe, first.key)).statusCode, 200, 'the very next request has the new plan');
  assert.equal((await hub.get(probe, second.key)).statusCode, 200);
  assert.deepEqual(await usage(hub.app, first.key), { status: 200, plan: 'pro', budget: 1200 });
  const scoped = (await hub.get('/openapi/v1/usage', second.key)).json().data.features;
  assert.deepEqual(scoped, ['crypto_data', 'macro_data'], 'scopes still narrow the new plan');

  await hub.runtime.accounts.setStatus(account.id, 'disabled');
  assert.equal((await usage(hub.app, first.key)).status, 401, 'a disabled account’s keys are refused');
  await hub.runtime.accounts.setStatus(account.id, 'active');
  assert.equal((await usage(hub.app, first.key)).status, 200);
});

test('a plan change, a disabled account and a revoked key reach every serving process', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const other = await hub.sibling();
  const { account } = await hub.runtime.accounts.create({ email: 'bo@example.com', plan: 'basic' });
  const created = await hub.runtime.keys.create({ accountId: account.id });
  // Both processes trust the key now, on plan basic.
  assert.equal((await usage(hub.app, created.key)).plan, 'basic');
  assert.equal((await usage(other.app, created.key)).plan, 'basic');

  await hub.runtime.accounts.setPlan(account.id, 'enterprise');
  assert.equal(
    (
      await eventually(
        () => usage(other.app, created.key),
        (u) => u.plan === 'enterprise',
      )
    ).plan,
    'enterprise',
  );

  await other.runtime.accounts.setStatus(account.id, 'disabled');
  assert.equal(
    (
      await eventually(
        () => usage(hub.app, created.key),
        (u) => u.status === 401,
      )
    ).status,
    401,
  );
  await other.runtime.accounts.setStatus(account.id, 'active');
  assert.equal(
    (
      await eventually(
        () => usage(hub.app, created.key),
        (u) => u.status === 200,
      )
    ).status,
    200,
  );

  await hub.runtime.keys.revoke(created.id);
  assert.equal((await usage(hub.app, created.key)).status, 401, 'refused at once by the process that revoked it');
  assert.equal(
    (
      await eventually(
        () => usage(other.app, created.key),
        (u) => u.status === 401,
      )
    ).status,
    401,
  );
});

test('`--plan P` keys each get a service account of their own on P: a plan change moves that key only', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const first = await hub.runtime.keys.create({ plan: 'basic' });
  const second = await hub.runtime.keys.create({ plan: 'basic' });
  assert.notEqual(first.accountId, second.accountId, 'each service key is its own tenant');
  assert.equal(first.plan, 'basic');
  await hub.runtime.accounts.setPlan(first.accountId, 'pro');
  assert.equal((await usage(hub.app, first.key)).plan, 'pro', 'its keys follow the account');
  assert.equal((await usage(hub.app, second.key)).plan, 'basic', 'the other service key stays where it was');
  assert.equal((await hub.runtime.keys.create({ plan: 'basic' })).plan, 'basic', 'a new --plan basic key is on basic');
});
