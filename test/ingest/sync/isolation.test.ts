import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';

const RUNAWAY_SOURCES = fileURLToPath(new URL('../../helpers/sync-runaway-sources.ts', import.meta.url));

/** A hub whose sources file names the runaway test sources, with a short source time limit and a small worker heap. */
async function runawaySetup(t: import('node:test').TestContext) {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-runaway-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify({ modules: [RUNAWAY_SOURCES] }));
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_SYNC_SOURCE_TIMEOUT_MS: '3000', FDH_SYNC_WORKER_HEAP_MB: '64' } });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  return { hub, sync };
}

test('a source that spins for ever runs in its own thread: the hub answers meanwhile, and the time limit stops it with a failure', async (t) => {
  const { hub, sync } = await runawaySetup(t);
  let settled = false;
  const run = sync.run(['runaway-spin']).finally(() => {
    settled = true;
  });
  const health = await hub.get('/healthz');
  assert.equal(health.statusCode, 200);
  assert.equal(settled, false, '/healthz answered while the source was still spinning');
  const [outcome] = await run;
  assert.equal(outcome?.status, 'failed');
  assert.match(
    outcome?.status === 'failed' ? outcome.error : '',
    /^the run took longer than 3 s \(FDH_SYNC_SOURCE_TIMEOUT_MS\) and was stopped; nothing of it was imported$/,
  );
  const [status] = (await sync.statuses()).filter((s) => s.id === 'runaway-spin');
  assert.deepEqual([status?.running, status?.consecutiveFailures], [false, 1], 'the lease is released and the failure counted');
  assert.match(status?.lastError ?? '', /took longer than 3 s/);
});

test('a source that allocates without end fails on its worker heap limit; the serving process stays small', async (t) => {
  const { sync } = await runawaySetup(t);
  const [outcome] = await sync.run(['runaway-memory']);
  assert.equal(outcome?.status, 'failed');
  assert.match(outcome?.status === 'failed' ? outcome.error : '', /needed more than its 64 MB of memory \(FDH_SYNC_WORKER_HEAP_MB\)/);
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  assert.ok(rssMb < 1536, `the test process holds ${Math.round(rssMb)} MB`);
  const [again] = await sync.run(['runaway-memory']);
  assert.equal(again?.status, 'failed', 'the next run starts afresh (the lease was released)');
});
