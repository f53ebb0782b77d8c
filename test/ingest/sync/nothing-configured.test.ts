import assert from 'node:assert/strict';
import { test } from 'node:test';
import { syncSetup } from './helpers.ts';

test('rss-feeds with no feed listed says it has nothing to fetch, not "ok, nothing new", and records no run', async (t) => {
  // Its default feeds taken away, as an operator's sources file may.
  const { sync } = await syncSetup(t, {}, {}, { 'rss-feeds': { params: { feeds: [] } } });
  const [outcome] = await sync.run(['rss-feeds']);
  assert.deepEqual(outcome, {
    sourceId: 'rss-feeds',
    status: 'skipped',
    reason: 'skipped: nothing configured to fetch (sources.rss-feeds.params in the sources file lists none; see docs/data-sources.md)',
  });
  const [status] = (await sync.statuses()).filter((s) => s.id === 'rss-feeds');
  assert.equal(status?.lastAttemptAt, null);
});
