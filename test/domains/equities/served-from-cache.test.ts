import assert from 'node:assert/strict';
import { test } from 'node:test';
import { equitiesHub } from './equities-hub.ts';

test('a repeated equities request is served from the cache until the next daily batch', async (t) => {
  const hub = await equitiesHub(t);
  const url = '/market/jp/equities/7203/prices?range=1m';
  const first = await hub.json(url);
  assert.equal(first.body.meta.served_from_cache, false);
  // Friday 08:45 UTC: the next batch is Monday 16:30 in Tokyo.
  assert.equal(first.body.meta.cache_expires_at, '2026-06-22T07:30:00.000Z');
  assert.equal(first.headers['cache-control'], `private, max-age=${(Date.parse('2026-06-22T07:30:00Z') - Date.parse('2026-06-19T08:45:30Z')) / 1000}`);
  for (const field of ['source', 'as_of', 'unit', 'classification', 'formula_version', 'was_restated']) assert.ok(field in first.body.meta, field);

  hub.clock.advance(60_000);
  const second = await hub.json(url);
  assert.equal(second.body.meta.served_from_cache, true);
  assert.equal(second.body.meta.cache_expires_at, first.body.meta.cache_expires_at);
  assert.deepEqual(second.body.data, first.body.data);
  assert.equal(second.body.meta.timestamp, '2026-06-19T08:46:30.000Z');

  const other = await hub.json('/market/jp/equities/7203/prices?range=3m');
  assert.equal(other.body.meta.served_from_cache, false, 'another window is another answer');

  hub.clock.set('2026-06-22T07:30:00Z');
  const after = await hub.json(url);
  assert.equal(after.body.meta.served_from_cache, false);
  assert.equal(after.body.meta.cache_expires_at, '2026-06-23T07:30:00.000Z');
});
