import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { MemoryRateLimiter } from '../../src/core/rate-limit/memory-rate-limiter.ts';
import { RedisRateLimiter } from '../../src/core/rate-limit/redis-rate-limiter.ts';
import type { QuotaDecision, RateLimiter } from '../../src/core/rate-limit/rate-limiter.ts';
import { testRedisUrl } from '../helpers/stores.ts';

interface LimiterUnderTest {
  limiter: RateLimiter;
  /** Commands sent to Redis so far, by name; undefined for the memory limiter. */
  sent?: string[];
  close(): void;
}

/** One list of limiters, as the stores have one: memory always, Redis when the run has one. */
const LIMITERS: { name: string; skip: string | false; open(): Promise<LimiterUnderTest> }[] = [
  { name: 'memory', skip: false, open: async () => ({ limiter: new MemoryRateLimiter(), close() {} }) },
  {
    name: 'Redis',
    skip: testRedisUrl === undefined ? 'FDH_TEST_REDIS_URL not set' : false,
    async open() {
      const redis = new Redis(testRedisUrl ?? '', { maxRetriesPerRequest: 0 });
      await once(redis, 'ready');
      const sent: string[] = [];
      const send = redis.sendCommand.bind(redis);
      redis.sendCommand = (command, stream) => {
        sent.push(command.name);
        return send(command, stream);
      };
      const keyPrefix = `fdh-test-${randomBytes(6).toString('hex')}:`;
      return { limiter: new RedisRateLimiter({ redis, keyPrefix, expectedNodes: 1 }), sent, close: () => redis.disconnect() };
    },
  },
];

const NOW = Date.parse('2026-06-19T08:45:30.000Z');

for (const { name, skip, open } of LIMITERS) {
  test(`${name} quota: requests made together are charged one by one, exactly to each budget`, { skip }, async (t) => {
    const { limiter, sent, close } = await open();
    t.after(close);
    // One request first, so the Redis script is loaded before the batch is counted.
    await limiter.consume({ subject: 'warm-up', budget: 1, weight: 1, nowMs: NOW });
    sent?.splice(0);

    const decisions: (QuotaDecision | Promise<QuotaDecision>)[] = [];
    for (let i = 0; i < 50; i++) decisions.push(limiter.consume({ subject: 'light', budget: 20, weight: 1, nowMs: NOW }));
    for (let i = 0; i < 30; i++) decisions.push(limiter.consume({ subject: 'heavy', budget: 10, weight: 3, nowMs: NOW }));
    const light = (await Promise.all(decisions.slice(0, 50))).filter((d) => d.allowed);
    const heavy = (await Promise.all(decisions.slice(50))).filter((d) => d.allowed);
    if (sent !== undefined) assert.deepEqual(sent, ['evalsha'], 'the 80 requests went to Redis as one script call');

    assert.equal(light.length, 20, 'weight 1 against a budget of 20');
    assert.deepEqual(light.map((d) => d.used), Array.from({ length: 20 }, (_, i) => i + 1), 'each admitted request saw the ones before it');
    assert.equal(heavy.length, 3, 'weight 3 against a budget of 10 admits three (9), never a fourth (12)');
    assert.deepEqual((await limiter.peek({ subject: 'heavy', budget: 10, nowMs: NOW })).used, 9, 'refused requests charged nothing');
  });
}
