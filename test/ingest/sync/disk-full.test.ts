import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { testStore } from '../../helpers/stores.ts';
import { syncSetup } from './helpers.ts';

const DISK_FULL_SOURCES = fileURLToPath(new URL('../../helpers/sync-disk-full-sources.ts', import.meta.url));

test('a run that fills the store\'s disk fails with "the disk is full", naming the store, and imports nothing of the run', async (t) => {
  const { hub, sync } = await syncSetup(t, {}, {}, {}, [DISK_FULL_SOURCES]);
  const [outcome] = await sync.run(['ecb-test-disk-full']);
  const location = testStore === 'sqlite' ? join(hub.dataDir, 'fdh.sqlite') : 'postgres://';
  const said = testStore === 'sqlite' ? 'the store ' : 'the PostgreSQL server of the store ';
  assert.equal(outcome?.status, 'failed');
  const reason = outcome.status === 'failed' ? outcome.error : '';
  assert.ok(reason.startsWith(`the disk is full: ${said}${location}`), reason);
  assert.match(
    reason,
    testStore === 'sqlite'
      ? /could not be written \(database or disk is full\); nothing of the run was imported$/
      : /could not be written \(could not extend file .*No space left on device\); nothing of the run was imported$/,
  );
  assert.doesNotMatch(reason, /cannot rollback/);

  const status = (await sync.statuses()).find((source) => source.id === 'ecb-test-disk-full');
  assert.equal(status?.lastError, reason, 'the source keeps the same reason');
  const releases = await hub.runtime.store.db.selectFrom('release').select('id').where('source_id', '=', 'ecb-test-disk-full').execute();
  assert.deepEqual(releases, [], 'the rates written before the disk filled are not served: the run is one transaction');
});

test('a run whose payload cannot be archived for a full disk (ENOSPC) fails with "the disk is full", naming the archive', async (t) => {
  const { hub, sync } = await syncSetup(t);
  // The archive writes each payload to `.<sha256>.<pid>.tmp` first: here that name leads to /dev/full, which answers every write with ENOSPC.
  const payload = readFileSync(join(SYNC_FIXTURES, 'ecb-test', 'eurofxref-hist.csv'));
  const archive = join(hub.dataDir, 'archive');
  mkdirSync(archive, { recursive: true, mode: 0o700 });
  symlinkSync('/dev/full', join(archive, `.${createHash('sha256').update(payload).digest('hex')}.${process.pid}.tmp`));

  const [outcome] = await sync.run(['ecb-test-rates']);
  assert.equal(outcome?.status, 'failed');
  const reason = outcome.status === 'failed' ? outcome.error : '';
  assert.ok(reason.startsWith(`the disk is full: the archive ${archive} could not be written (ENOSPC`), reason);
  assert.match(reason, /; nothing of the run was imported$/);
  assert.equal((await sync.statuses()).find((source) => source.id === 'ecb-test-rates')?.lastError, reason);
});
