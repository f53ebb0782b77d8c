import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { ManualClock } from '../../../src/core/clock.ts';
import { RedisResponseCache } from '../../../src/core/cache/redis-response-cache.ts';
import { testRedisUrl } from '../../helpers/stores.ts';

test('the Redis response cache shares answers until their expiry', { skip: testRedisUrl === undefined ? 'FDH_TEST_REDIS_URL not set' : false }, async (t) => {
  const redis = new Redis(testRedisUrl ?? '', { maxRetriesPerRequest: 0 });
  t.after(() => redis.disconnect());
  const clock = new ManualClock(new Date());
  const keyPrefix = `fdh-test-${randomBytes(6).toString('hex')}:`;
  const writer = new RedisResponseCache({ redis, clock, keyPrefix });
  const reader = new RedisResponseCache({ redis, clock, keyPrefix });
  const expiresAt = new Date(clock.now().getTime() + 60_000);
  await writer.set('prices:7203', { points: [1, 2] }, expiresAt);
  assert.deepEqual(await reader.get('prices:7203'), { value: { points: [1, 2] }, expiresAt });
  const ttl = await redis.pttl(`${keyPrefix}cache:prices:7203`);
  assert.ok(ttl > 0 && ttl <= 60_000, 'Redis drops the key at the expiry');
  clock.advance(60_000);
  assert.equal(await reader.get('prices:7203'), undefined);
  await redis.del(`${keyPrefix}cache:prices:7203`);
});

test('an unreachable Redis is a miss, never an error', async (t) => {
  const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  t.after(() => redis.disconnect());
  const cache = new RedisResponseCache({ redis, clock: new ManualClock(new Date()), keyPrefix: 'fdh-test:' });
  await cache.set('k', 1, new Date(Date.now() + 60_000));
  assert.equal(await cache.get('k'), undefined);
});
