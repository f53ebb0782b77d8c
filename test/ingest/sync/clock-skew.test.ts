import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../../src/kernel/clock.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { RATES_PATH, syncSetup } from './helpers.ts';

const TWO_HOURS_MS = 2 * 3_600_000;

test("a process whose clock is 2 h fast takes no live lease, and its run is refused rather than dating releases ahead of the store's clock", async (t) => {
  const { hub, double, sync } = await syncSetup(t);
  // This test is about clocks against the store's: the hub's is the machine's, the other process's 2 h ahead of it.
  hub.clock.set(new Date());
  const fast = await SyncService.open({ ...hub.runtime, clock: new ManualClock(new Date(Date.now() + TWO_HOURS_MS)) });
  t.after(() => fast.close());
  const { db } = hub.runtime.store;
  const fetches = () => double.requests.filter((request) => request.path === RATES_PATH).length;

  // A live run of another process, as the store sees it: its lease, renewed a moment ago, lasts another minute.
  await db.insertInto('sync_source').values({ source_id: 'ecb-test-rates' }).execute();
  await db
    .updateTable('sync_source')
    .set((eb) => ({
      lease_owner: 'live-process',
      lease_until: new Date(Date.now() + 60_000).toISOString(),
      lease_token: eb('lease_token', '+', 1),
      last_attempt_at: new Date().toISOString(),
    }))
    .where('source_id', '=', 'ecb-test-rates')
    .execute();
  const [taken] = await fast.run(['ecb-test-rates']);
  assert.deepEqual(
    taken,
    { sourceId: 'ecb-test-rates', status: 'busy', runningBy: 'live-process' },
    'the store says the lease is live: the fast process does not take it over',
  );
  assert.equal(fetches(), 0);
  assert.equal(
    (await db.selectFrom('sync_source').select('lease_owner').where('source_id', '=', 'ecb-test-rates').executeTakeFirst())?.lease_owner,
    'live-process',
  );

  // The live run ends; the fast process's own run is refused before it fetches anything.
  await db.updateTable('sync_source').set({ lease_owner: null, lease_until: null }).where('source_id', '=', 'ecb-test-rates').execute();
  const [refused] = await fast.run(['ecb-test-rates']);
  assert.equal(refused?.status, 'failed');
  const reason = refused.status === 'failed' ? refused.error : '';
  assert.match(
    reason,
    /^refused: this process's clock reads \S+, 72\d\d s ahead of the store's \(\S+, .+\), more than the 60 s allowed; its releases would be dated at a time the store has not reached, so nothing was fetched: set this machine's clock right \(NTP\)$/,
  );
  assert.equal(fetches(), 0);
  assert.deepEqual(await db.selectFrom('release').select('id').where('source_id', '=', 'ecb-test-rates').execute(), [], 'no release is dated 2 h ahead');
  const status = (await sync.statuses()).find((source) => source.id === 'ecb-test-rates');
  assert.deepEqual([status?.lastError, status?.running], [reason, false], 'the refusal is recorded on the source, and the lease released');

  // A process in step with the store runs it, and dates its release no later than the store's now.
  const [ran] = await sync.run(['ecb-test-rates']);
  assert.equal(ran?.status, 'succeeded');
  const release = await db.selectFrom('release').select(['knowledge_at']).where('source_id', '=', 'ecb-test-rates').executeTakeFirstOrThrow();
  assert.ok(Date.parse(release.knowledge_at) <= Date.now(), release.knowledge_at);
});
