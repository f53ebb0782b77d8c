import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestHub } from '../../helpers/app.ts';
import { LeaseLostError, SyncStateRepo } from '../../../src/ingest/sync/sync-state.repo.ts';

test("a source lease is held by one process at a time, for as long as the store's clock says; a holder that outlived it can no longer write", async (t) => {
  const hub = await createTestHub(t);
  const repo = new SyncStateRepo(hub.runtime.store.db);
  const now = new Date('2026-06-19T08:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);
  const first = await repo.acquire('src', 'a', { attemptAt: now, leaseMs: 300 });
  assert.ok(first !== undefined);
  assert.equal(await repo.extend(first, 60_000), true, 'the heartbeat moves the end of a held lease');
  await sleep(400);
  assert.equal(await repo.acquire('src', 'b', { attemptAt: later(1000), leaseMs: 60_000 }), undefined, 'held past its first end: a second run is refused');
  assert.equal((await repo.get('src'))?.runningBy, 'a');
  assert.deepEqual(
    await repo.unfinishedRun('src').then((run) => [run?.token, (run?.leaseLeftMs ?? 0) > 30_000]),
    [first.token, true],
    'its run is unfinished, its lease live',
  );

  assert.equal(await repo.extend(first, 1), true);
  await sleep(50);
  const lapsed = await repo.get('src');
  assert.deepEqual([lapsed?.runningBy, lapsed?.interrupted], [null, true], 'a lease past its end with no outcome is an interrupted run');
  assert.match(lapsed?.lastError ?? '', /^interrupted: the run started 2026-06-19T08:00:00\.000Z by a stopped without finishing/);
  assert.deepEqual(await repo.unfinishedRun('src'), { token: first.token, leaseLeftMs: 0 });

  assert.equal(
    await repo.acquire('src', 'c', { attemptAt: later(70_000), leaseMs: 60_000, lapsedToken: first.token - 1 }),
    undefined,
    'a take-over of another lease than the lapsed one is refused',
  );
  const second = await repo.acquire('src', 'b', { attemptAt: later(70_000), leaseMs: 60_000, lapsedToken: first.token });
  assert.ok(second !== undefined && second.token > first.token, 'a lapsed lease is granted again, with a higher token');
  await assert.rejects(
    hub.runtime.store.db.transaction().execute((trx) => repo.fence(trx, first)),
    LeaseLostError,
    'the old holder is fenced off',
  );
  assert.equal(await repo.extend(first, 200_000), false, 'nor can it renew the lease');
  const succeeded = (lease: typeof first, outcome: Parameters<SyncStateRepo['succeeded']>[2]) =>
    hub.runtime.store.db.transaction().execute(async (trx) => {
      await repo.fence(trx, lease);
      await repo.succeeded(trx, lease, outcome);
    });
  await assert.rejects(succeeded(first, { at: later(71_000), releaseIds: ['rel_x'], rowsAdded: 1, cursor: { x: 1 }, validators: {} }), LeaseLostError);
  await repo.failed(first, later(71_000), 'late failure');
  const recorded = await repo.get('src');
  assert.match(
    recorded?.lastError ?? '',
    /^interrupted: /,
    "the lapsed run is recorded as interrupted, and the old holder's late failure not over the new run",
  );
  assert.deepEqual([recorded?.interrupted, recorded?.consecutiveFailures, recorded?.runningBy], [false, 1, 'b']);

  await succeeded(second, { at: later(72_000), releaseIds: ['rel_y'], rowsAdded: 3, cursor: { newest: '2026-06-18' }, validators: { u: { etag: '"e"' } } });
  const state = await repo.get('src');
  assert.deepEqual([state?.lastReleaseIds, state?.lastRowsAdded, state?.cursor, state?.runningBy], [['rel_y'], 3, { newest: '2026-06-18' }, null]);
  assert.equal(await repo.unfinishedRun('src'), undefined, 'a finished run leaves nothing unfinished');
  assert.ok((await repo.acquire('src', 'c', { attemptAt: later(73_000), leaseMs: 60_000 })) !== undefined, 'a finished run releases the lease');
});

test('a scheduled slot is claimed by exactly one of several claimants', async (t) => {
  const hub = await createTestHub(t);
  const repo = new SyncStateRepo(hub.runtime.store.db);
  const slot = new Date('2026-06-19T16:00:00Z');
  const claims = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => repo.claimSlot('src', slot, owner, slot)));
  assert.equal(claims.filter(Boolean).length, 1);
  assert.equal(await repo.claimSlot('src', new Date('2026-06-20T16:00:00Z'), 'b', slot), true, 'the next slot is free to claim');
});
