import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { PROBE_KNOWN_ID, probeDomain } from '../helpers/probe-domain.ts';
import { createAccount, signIn, signInAs } from '../helpers/dashboard.ts';
import { FEATURE_CODES, parsePlans } from '../../src/edge/auth/plans.ts';
import { UsageMeter } from '../../src/metering/usage-meter.ts';
import { STATUS_CLASSES, statusIndexOf } from '../../src/metering/status-classes.ts';
import type { UsageRepo } from '../../src/metering/usage.repo.ts';
import type { UsageMinuteRow } from '../../src/store/tables/accounts.tables.ts';
import { ManualClock } from '../../src/kernel/clock.ts';
import { createLogger } from '../../src/kernel/logger.ts';

const light = '/openapi/v1/probe-light';
const probe = `/openapi/v1/probe/${PROBE_KNOWN_ID}`;
const plans = { plans: { small: { budget: 6, features: [...FEATURE_CODES] } } };

test('status classes: 304 is answered (2xx), 429 apart from the other 4xx', () => {
  assert.deepEqual(
    [200, 304, 400, 401, 403, 404, 429, 500, 503].map((code) => STATUS_CLASSES[statusIndexOf(code)]),
    ['2xx', '2xx', '4xx', '4xx', '4xx', '4xx', '429', '5xx', '5xx'],
  );
});

test('every /openapi/v1 call is counted by key, endpoint, status class and minute, with the weight it was charged', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], plans });
  const ann = await signIn(hub, 'ann@example.com', { plan: 'small' });
  const main = (await ann.post('/api/v1/keys', { name: 'main' })).json().data;
  const scoped = (await ann.post('/api/v1/keys', { name: 'crypto only', scopes: ['crypto_data'] })).json().data;

  for (let i = 0; i < 2; i++) assert.equal((await hub.get(light, main.key)).statusCode, 200);
  assert.equal((await hub.get(`${probe}?period=bad`, main.key)).statusCode, 400, 'charged: 3');
  assert.equal((await hub.get(probe, main.key)).statusCode, 429, 'over the budget of 6: nothing charged');
  assert.equal((await hub.get('/openapi/v1/no-such-path', main.key)).statusCode, 404);
  assert.equal((await hub.get(probe, scoped.key)).statusCode, 403, 'nothing charged');
  assert.equal((await hub.get(light, scoped.key)).statusCode, 200);
  assert.equal((await hub.get(light)).statusCode, 401, 'no key: nobody to count');

  const report = (await ann.get('/api/v1/usage?window=1h')).json().data;
  assert.equal(report.bucketSeconds, 60);
  assert.equal(report.series.length, 60);
  assert.deepEqual(report.series.at(-1), { start: '2026-06-19T08:45:00.000Z', requests: 7, weight: 6 });
  assert.equal(
    report.series.slice(0, -1).reduce((n: number, p: { requests: number }) => n + p.requests, 0),
    0,
  );
  assert.deepEqual(report.byStatus, { '2xx': 3, '4xx': 3, '429': 1, '5xx': 0 });
  assert.deepEqual(
    report.byEndpoint.map((e: { endpoint: string; requests: number; weight: number }) => [e.endpoint, e.requests, e.weight]),
    [
      ['/probe-light', 3, 3],
      ['/probe/{id}', 3, 3],
      ['(unknown path)', 1, 0],
    ],
  );
  assert.deepEqual(
    report.byKey.map((k: { name: string; requests: number; weight: number }) => [k.name, k.requests, k.weight]),
    [
      ['main', 5, 5],
      ['crypto only', 2, 1],
    ],
  );
  const keys = (await ann.get('/api/v1/keys')).json().data;
  assert.deepEqual(
    keys.map((k: { lastUsedAt: string | null }) => k.lastUsedAt),
    ['2026-06-19T08:45:00.000Z', '2026-06-19T08:45:00.000Z'],
  );
  assert.equal((await hub.get('/openapi/v1/usage', main.key)).json().data.used, 6, '/openapi/v1/usage shows the account’s window: both keys’ weight');
});

test('the windows: a minute over the last hour, an hour over a day, a UTC day over 30 days', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], now: '2026-06-01T10:00:00.000Z' });
  const accountId = await createAccount(hub, 'ann@example.com');
  const { key } = await hub.runtime.keys.create({ accountId, name: 'k' });
  await hub.get(light, key);
  hub.clock.set('2026-06-20T23:59:00.000Z');
  await hub.get(light, key);
  await hub.get(probe, key);
  hub.clock.set('2026-06-21T01:30:00.000Z');
  await hub.get(light, key);
  const ann = await signInAs(hub, 'ann@example.com', accountId);

  const month = (await ann.get('/api/v1/usage?window=30d')).json().data;
  assert.equal(month.from, '2026-05-23T00:00:00.000Z');
  assert.equal(month.series.length, 30);
  const byDay = Object.fromEntries(
    month.series.filter((p: { requests: number }) => p.requests > 0).map((p: { start: string; requests: number }) => [p.start.slice(0, 10), p.requests]),
  );
  assert.deepEqual(byDay, { '2026-06-01': 1, '2026-06-20': 2, '2026-06-21': 1 });
  const light30 = month.byEndpoint.find((e: { endpoint: string }) => e.endpoint === '/probe-light');
  assert.equal(light30.perBucket.length, 30);
  assert.equal(light30.perBucket[month.series.findIndex((p: { start: string }) => p.start.startsWith('2026-06-20'))], 1);

  const day = (await ann.get('/api/v1/usage?window=24h')).json().data;
  assert.equal(day.series.length, 24);
  assert.equal(
    day.series.reduce((n: number, p: { requests: number }) => n + p.requests, 0),
    3,
    'the last 24 hours only',
  );
  const hour = (await ann.get('/api/v1/usage')).json().data;
  assert.equal(hour.window, '1h');
  assert.equal(
    hour.series.reduce((n: number, p: { requests: number }) => n + p.requests, 0),
    1,
  );
  const bad = await ann.get('/api/v1/usage?window=7d');
  assert.equal(bad.statusCode, 400);
  assert.match(JSON.stringify(bad.json().error.message), /window/);
});

test('counts from several processes add up exactly, and a stopping process writes its last counts', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const other = await hub.sibling();
  const ann = await signIn(hub, 'ann@example.com');
  const key = (await ann.post('/api/v1/keys', { name: 'k' })).json().data.key;
  const calls = [];
  for (let i = 0; i < 40; i++) {
    calls.push(hub.get(light, key));
    calls.push(other.app.inject({ method: 'GET', url: light, headers: { 'x-api-key': key } }));
    if (i % 10 === 0) calls.push(other.runtime.usage.flush().then(() => hub.runtime.usage.flush()));
  }
  await Promise.all(calls);
  await other.app.close();
  await other.runtime.close();
  const report = (await ann.get('/api/v1/usage')).json().data;
  assert.deepEqual(report.byStatus, { '2xx': 80, '4xx': 0, '429': 0, '5xx': 0 });
  assert.equal(report.byKey[0].weight, 80);
});

test('counts are kept for the retention (90 days by default), then deleted', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_USAGE_RETENTION_DAYS: '2' } });
  const key = await hub.key('pro');
  await hub.get(light, key);
  await hub.runtime.usage.flush();
  const rows = () => hub.runtime.store.db.selectFrom('usage_minute').select('minute').execute();
  hub.clock.advance(2 * 24 * 3600_000);
  await hub.runtime.usage.deleteExpired();
  assert.equal((await rows()).length, 1, 'two days later it is still there');
  hub.clock.advance(60_000);
  await hub.runtime.usage.deleteExpired();
  assert.equal((await rows()).length, 0);
});

test('counts a flush could not write (store away) go with the next flush, none lost or doubled', async () => {
  const written: UsageMinuteRow[][] = [];
  let failures = 1;
  const repo = {
    async add(rows: readonly UsageMinuteRow[]) {
      if (failures-- > 0) throw new Error('store unreachable');
      written.push([...rows]);
    },
  } as unknown as UsageRepo;
  const clock = new ManualClock('2026-06-19T08:45:30.000Z');
  // The plans file sets the weight of /crypto to 2; the route declares 1.
  const plans = parsePlans(JSON.stringify({ plans: { pro: { budget: 60, features: [...FEATURE_CODES] } }, weights: { '/crypto': 2 } }), 'test');
  const meter = new UsageMeter({ repo, clock, plans, logger: createLogger('silent'), retentionDays: 90 });
  const apiRoute = { feature: 'crypto_data', weight: 1, pathTemplate: '/crypto', url: '/openapi/v1/crypto', maxAge: () => 60 };
  const call = (statusCode: number) =>
    meter.requestCompleted(
      { auth: { key: { id: 'key_a', accountId: 'acc_a' } }, apiRoute, quota: { allowed: statusCode !== 429 } } as never,
      { statusCode } as never,
    );
  call(200);
  call(429);
  await meter.flush();
  assert.deepEqual(written, [], 'the first flush failed');
  call(200);
  await meter.flush();
  assert.deepEqual(written, [
    [
      { minute: 29_697_645, key_id: 'key_a', account_id: 'acc_a', endpoint: '/crypto', status_class: '2xx', requests: 2, weight: 4 },
      { minute: 29_697_645, key_id: 'key_a', account_id: 'acc_a', endpoint: '/crypto', status_class: '429', requests: 1, weight: 0 },
    ],
  ]);
  await meter.close();
  assert.equal(written.length, 1, 'nothing left to write');
});
