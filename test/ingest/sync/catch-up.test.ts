import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SyncScheduler } from '../../../src/ingest/sync/scheduler.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { RATES_PATH, syncSetup } from './helpers.ts';

test('at start a source that never ran, or missed its latest slot, is run once however many processes start together', async (t) => {
  const { hub, double, sync } = await syncSetup(t);
  // A second serving process on the same store: another owner, the same slots.
  const other = await SyncService.open(hub.runtime);
  t.after(() => other.close());
  const rates = async (service: SyncService) => (await service.resolved()).find((source) => source.definition.id === 'ecb-test-rates')!;
  const fetches = () => double.requests.filter((request) => request.path === RATES_PATH).length;

  const started = await Promise.all([sync.catchUp(await rates(sync)), other.catchUp(await rates(other))]);
  assert.deepEqual(
    started.map((outcome) => outcome?.status).sort(),
    ['succeeded', undefined],
    'the source never ran: one process claims its latest slot and fetches, the other finds it claimed',
  );
  assert.equal(fetches(), 1);

  assert.equal(await sync.catchUp(await rates(sync)), undefined, 'run since its latest slot: not due');
  assert.equal(fetches(), 1);

  // The source is `0 16 * * 1-5` in Berlin: a week later, slots have passed with no process serving.
  hub.clock.advance(7 * 86_400_000);
  const caughtUp = await Promise.all([other.catchUp(await rates(other)), sync.catchUp(await rates(sync))]);
  assert.deepEqual(caughtUp.map((outcome) => outcome?.status).sort(), ['succeeded', undefined], 'a missed slot is run once');
  assert.equal(fetches(), 2);
});

test('FDH_SYNC=on: the scheduler runs the due sources as it starts, not at their next slot', async (t) => {
  const { hub, double, sync } = await syncSetup(t);
  const scheduler = new SyncScheduler(sync, hub.runtime.logger);
  await scheduler.start();
  t.after(() => scheduler.stop());
  const ran = async () => (await sync.statuses()).find((status) => status.id === 'ecb-test-rates')?.lastSuccessAt ?? null;
  // Generous: a run starts a worker thread on a shared machine.
  const deadline = Date.now() + 60_000;
  while ((await ran()) === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.notEqual(await ran(), null, 'the source that never ran was fetched at start');
  assert.equal(double.requests.filter((request) => request.path === RATES_PATH).length, 1);
  const keyed = (await sync.statuses()).find((status) => status.id === 'ecb-test-keyed');
  assert.equal(keyed?.lastAttemptAt, null, 'a skipped source (no credential) is not run');
});
