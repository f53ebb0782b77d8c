import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { syncSetup, TEST_SOURCES_MODULE } from './helpers.ts';

const COUNTING_SOURCES = fileURLToPath(new URL('../../helpers/sync-counting-sources.ts', import.meta.url));

test("each payload of a run is parsed once: the publisher's bytes by the importer, records a source read never again", async (t) => {
  const { hub, double, sync, sourcesFile } = await syncSetup(t);
  writeFileSync(sourcesFile, JSON.stringify({ publishers: { 'ecb-test': { baseUrl: double.baseUrl } }, modules: [TEST_SOURCES_MODULE, COUNTING_SOURCES] }));
  for (let i = 0; i < 100 && !(await sync.resolved()).some((s) => s.definition.id === 'ecb-count-bytes'); i++) await sleep(50);
  const callsFile = join(hub.dataDir, 'calls.txt');
  process.env.SYNC_TEST_CALLS = callsFile;
  t.after(() => delete process.env.SYNC_TEST_CALLS);
  const calls = () => (existsSync(callsFile) ? readFileSync(callsFile, 'utf8').trim().split('\n') : []);

  const [fromBytes] = await sync.run(['ecb-count-bytes']);
  assert.equal(fromBytes?.status, 'succeeded', JSON.stringify(fromBytes));
  assert.deepEqual(calls(), ['bytes parse', 'bytes load'], 'bytes: one parse, one load');

  const [fromRecords] = await sync.run(['ecb-count-parsed']);
  assert.equal(fromRecords?.status, 'succeeded', JSON.stringify(fromRecords));
  assert.deepEqual(calls().slice(2), ['parsed load'], 'records: loaded as they are, never parsed again');

  // The same bytes again are the release already loaded, still parsed once.
  await sync.run(['ecb-count-bytes']);
  assert.deepEqual(calls().slice(3), ['bytes parse']);
});
