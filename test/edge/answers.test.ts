import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from 'typebox';
import { PreparedAnswer } from '../../src/edge/answers/prepared-answer.ts';
import { AnswerCache } from '../../src/edge/answers/answer-cache.ts';
import { StringEnum } from '../../src/kernel/schemas.ts';
import { writeVersioned } from '../../src/store/versioned-write.ts';
import { oneRouteDomain } from '../helpers/probe-domain.ts';
import { createTestHub } from '../helpers/app.ts';

const envelope = (data: unknown) => JSON.stringify({ success: true, statusCode: 200, data, meta: { timestamp: '' } });
const rows = Array.from({ length: 2000 }, (_, i) => ({ date: `2026-01-${i}`, close: Math.sin(i) * 100 }));

test('a prepared answer sends its kept head, then each response’s own timestamp, as is, gzip or br', async () => {
  const answer = new PreparedAnswer(envelope(rows));
  const expected = (timestamp: string) => JSON.stringify({ success: true, statusCode: 200, data: rows, meta: { timestamp } });
  const sent = async (timestamp: string, encoding: 'gzip' | 'br' | undefined) => {
    const [head, tail] = await answer.body(timestamp, encoding);
    assert.equal(head, (await answer.body('2026-01-01T00:00:00.000Z', encoding))[0], 'every response sends the one kept head');
    return Buffer.concat([head, tail]);
  };
  for (const timestamp of ['2026-11-25T04:00:00.000Z', '2026-11-25T04:00:00.001Z']) {
    assert.equal((await sent(timestamp, undefined)).toString(), expected(timestamp));
    assert.equal(gunzipSync(await sent(timestamp, 'gzip')).toString(), expected(timestamp));
    assert.equal(brotliDecompressSync(await sent(timestamp, 'br')).toString(), expected(timestamp));
  }
  assert.ok((await sent('2026-11-25T04:00:00.000Z', 'gzip')).length < answer.head.length / 2, 'the head is compressed');
});

test('the ETag names the data: the same whenever it is sent, another for other data', () => {
  assert.equal(new PreparedAnswer(envelope(rows)).etag, new PreparedAnswer(envelope(rows)).etag);
  assert.notEqual(new PreparedAnswer(envelope(rows)).etag, new PreparedAnswer(envelope(rows.slice(1))).etag);
  assert.throws(() => new PreparedAnswer('{"data":1}'), /timestamp/);
});

test('the cache computes concurrent misses once, keeps nothing that failed, and drops the least recently used past its bytes', async () => {
  const cache = new AnswerCache(2500);
  let computed = 0;
  const make = (size: number) => async () => {
    computed++;
    await sleep(5);
    const answer = new PreparedAnswer(envelope('x'.repeat(size)));
    return { first: answer, repeat: answer };
  };
  const [a, b] = await Promise.all([cache.get('a', make(1000)), cache.get('a', make(1000))]);
  assert.equal(a, b);
  assert.equal(cache.get('a', make(1000)), a, 'a kept answer comes at once, not as a promise');
  assert.equal(computed, 1);
  await assert.rejects(async () => cache.get('failing', async () => Promise.reject(new Error('no'))));
  await cache.get('failing', make(10));
  assert.equal(computed, 2, 'a failed computation is tried again');
  await cache.get('b', make(1000));
  await cache.get('a', make(1000)); // a is now the most recently used
  await cache.get('c', make(1000));
  assert.ok(cache.bytes <= 2500, `${cache.bytes} bytes kept`);
  computed = 0;
  await cache.get('a', make(1000));
  assert.equal(computed, 0, 'a stayed');
  await cache.get('b', make(1000));
  assert.equal(computed, 1, 'b, the least recently used, went');
});

test("the cache reads an answer's size itself: a compressed form made for a response counts, and can push the oldest out", async () => {
  const answer = new PreparedAnswer(envelope(rows));
  const cache = new AnswerCache(2 * answer.head.length);
  await cache.get('a', async () => ({ first: answer, repeat: answer }));
  assert.equal(cache.bytes, answer.head.length);
  const [gzipped] = await answer.body('2026-11-25T04:00:00.000Z', 'gzip');
  assert.equal(answer.bytes, answer.head.length + gzipped.length);
  assert.equal(await cache.get('a', async () => assert.fail('a is kept')), answer);
  assert.equal(cache.bytes, answer.head.length + gzipped.length, 'the hit read the grown size');
  // b alone fits beside a as first made, not beside a with its compressed head.
  const b = new PreparedAnswer(envelope(rows.slice(0, 1900)));
  assert.ok(answer.head.length + b.bytes <= 2 * answer.head.length && answer.bytes + b.bytes > 2 * answer.head.length);
  await cache.get('b', async () => ({ first: b, repeat: b }));
  assert.equal(cache.size, 1, 'a, grown past the bound with b, went');
  assert.equal(cache.bytes, b.bytes);
});

test('a route answers a repeated request from its prepared answer until the data changes, whatever the parameters’ order', async (t) => {
  let computed = 0;
  const counted = oneRouteDomain({
    path: '/counted',
    operationId: 'counted',
    summary: 'Counts its computations',
    feature: 'crypto_data',
    weight: 1,
    query: { period: StringEnum(['1M', '3M'], { default: '1M' }), limit: Type.Integer({ default: 4 }) },
    data: Type.Object({ computed: Type.Integer(), padding: Type.String() }),
    async handler() {
      computed++;
      return { data: { computed, padding: 'x'.repeat(4096) } };
    },
  });
  const hub = await createTestHub(t, { domains: [counted] });
  const key = await hub.key();
  const first = await hub.get('/openapi/v1/counted?limit=4&period=1M', key);
  const same = await hub.get('/openapi/v1/counted?period=1M&limit=4', key);
  const defaults = await hub.get('/openapi/v1/counted', key, { 'accept-encoding': 'gzip' });
  assert.equal(computed, 1, 'one computation for one answer');
  assert.equal(first.json().data.computed, 1);
  assert.equal(same.json().data.computed, 1);
  assert.equal(JSON.parse(gunzipSync(defaults.rawPayload).toString()).data.computed, 1);
  assert.equal(defaults.headers['content-encoding'], 'gzip');
  assert.equal(first.headers.etag, defaults.headers.etag);
  assert.equal((await hub.get('/openapi/v1/counted', key, { 'if-none-match': String(first.headers.etag) })).statusCode, 304);
  await hub.get('/openapi/v1/counted?period=3M', key);
  assert.equal(computed, 2, 'other parameters, another answer');

  await writeVersioned(hub.runtime.store.db, async () => ({ result: undefined, changed: ['crypto'] }));
  const after = await hub.get('/openapi/v1/counted', key);
  assert.equal(after.json().data.computed, 3, 'a committed write is seen by the next request');
  assert.notEqual(after.headers.etag, first.headers.etag);
});
