import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { MemoryRateLimiter } from '../../src/edge/rate-limit/memory-rate-limiter.ts';
import { RedisRateLimiter } from '../../src/edge/rate-limit/redis-rate-limiter.ts';
import type { QuotaDecision, RateLimiter } from '../../src/edge/rate-limit/rate-limiter.ts';
import { testRedisUrl } from '../helpers/stores.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { openRuntime } from '../../src/runtime.ts';

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
      return { limiter: new RedisRateLimiter({ redis, keyPrefix, sharingProcesses: 1 }), sent, close: () => redis.disconnect() };
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
    assert.deepEqual(
      light.map((d) => d.used),
      Array.from({ length: 20 }, (_, i) => i + 1),
      'each admitted request saw the ones before it',
    );
    assert.equal(heavy.length, 3, 'weight 3 against a budget of 10 admits three (9), never a fourth (12)');
    assert.deepEqual((await limiter.peek({ subject: 'heavy', budget: 10, nowMs: NOW })).used, 9, 'refused requests charged nothing');
  });
}

test('while Redis is unreachable, each of --workers N processes admits its share of the budget', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-workers-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const shareOf = async (env: Record<string, string>) => {
    const config = loadConfig({ env: { FDH_DATA_DIR: dataDir, FDH_REDIS_URL: 'redis://127.0.0.1:1', ...env }, cwd: dataDir });
    const runtime = await openRuntime(config, { logger: createLogger('silent') });
    try {
      let admitted = 0;
      for (let i = 0; i < 10; i++) if ((await runtime.limiter.consume({ subject: 'k', budget: 10, weight: 3, nowMs: NOW })).allowed) admitted += 3;
      return admitted;
    } finally {
      await runtime.close();
    }
  };
  assert.equal(await shareOf({}), 9, 'one process alone may use the whole budget');
  assert.equal(await shareOf({ FDH_WORKERS: '2' }), 3, 'two workers: 10 ÷ 2 = 5 each, one call of weight 3');
  assert.equal(await shareOf({ FDH_WORKERS: '2', FDH_EXPECTED_NODES: '3' }), 0, 'six processes: a share of 1 admits no call of weight 3');
});
