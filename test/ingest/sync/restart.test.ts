import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SyncScheduler } from '../../../src/ingest/sync/scheduler.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { createTestHub } from '../../helpers/app.ts';
import { startServer } from '../../helpers/cli.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { RATES_PATH, SHIPPED_OFF } from './helpers.ts';

const STALLING_SOURCES = fileURLToPath(new URL('../../helpers/sync-stalling-sources.ts', import.meta.url));
const LEASE_S = 2;

test('a daily source whose run was killed with its process is run again as the schedule next starts, not on its next day', async (t) => {
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-restart-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  // The stalling source alone (weekdays at 16:00 in Berlin), every shipped one off: the serving process would ask real publishers at start.
  writeFileSync(sourcesFile, JSON.stringify({ publishers: { 'ecb-test': { baseUrl: double.baseUrl } }, sources: SHIPPED_OFF, modules: [STALLING_SOURCES] }));
  const hub = await createTestHub(t, { now: new Date().toISOString(), env: { FDH_SOURCES_FILE: sourcesFile, FDH_SYNC_LEASE_S: String(LEASE_S) } });
  const { address } = hub.runtime.store;

  // The first `fdh serve --sync` on this store runs the source that never ran as it starts; it is killed mid-commit.
  const marker = join(dir, 'mid-commit');
  const first = await startServer({
    FDH_DATA_DIR: address.dataDir,
    ...(address.databaseUrl === undefined ? {} : { FDH_DATABASE_URL: address.databaseUrl }),
    ...(address.schema === undefined ? {} : { FDH_DATABASE_SCHEMA: address.schema }),
    FDH_SOURCES_FILE: sourcesFile,
    FDH_SYNC: 'on',
    FDH_DEMO: 'off',
    FDH_SYNC_LEASE_S: String(LEASE_S),
    SYNC_TEST_STALL_MARKER: marker,
  });
  t.after(() => first.child.kill('SIGKILL'));
  for (let i = 0; i < 1200 && !existsSync(marker); i++) await sleep(50);
  assert.ok(existsSync(marker), `the first process's run reached its second payload, inside the transaction\n${first.stderr()}`);
  first.child.kill('SIGKILL');
  await first.exited;
  const fetches = () => double.requests.filter((request) => request.path === RATES_PATH).length;
  assert.equal(fetches(), 1);

  // The next start (this process, without the stall): the slot the dead run claimed is today's, yet its run never finished.
  const sync = await SyncService.open(hub.runtime);
  t.after(() => sync.close());
  const scheduler = new SyncScheduler(sync, hub.runtime.logger);
  const started = Date.now();
  await scheduler.start();
  t.after(() => scheduler.stop());
  const stalling = async () => (await sync.statuses()).find((status) => status.id === 'ecb-test-stalling');
  // The dead run's lease lapses within LEASE_S of the kill; a minute is the bound the docs promise.
  while ((await stalling())?.lastSuccessAt === null && Date.now() - started < 60_000) await sleep(100);
  const status = await stalling();
  assert.notEqual(status?.lastSuccessAt ?? null, null, 'the source was run again within a minute of the start');
  assert.equal(fetches(), 2, 'fetched once more, by the one run that replaced the dead one');
  assert.deepEqual([status?.lastError, status?.consecutiveFailures, status?.running], [null, 0, false]);
  const releases = await hub.runtime.store.db.selectFrom('release').select('dataset').where('source_id', '=', 'ecb-test-stalling').execute();
  assert.deepEqual(
    releases.map((release) => release.dataset).sort(),
    ['ecb-eurofxref', 'sync-test-stall'],
    'the replacing run is served, and nothing of the dead one was',
  );
});
