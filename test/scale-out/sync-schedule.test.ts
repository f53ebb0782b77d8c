import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startServer, type RunningServer } from '../helpers/cli.ts';
import { createTestDatabase } from '../helpers/services.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../helpers/publisher-double.ts';
import { testDatabaseUrl, testRedisUrl, testStore } from '../helpers/stores.ts';
import { RATES_PATH, SHIPPED_OFF, writeSourcesFile } from '../ingest/sync/helpers.ts';

const skip =
  testStore !== 'postgres' || testDatabaseUrl === undefined || testRedisUrl === undefined
    ? 'runs in the scaled-out pass (FDH_TEST_DATABASE_URL and FDH_TEST_REDIS_URL)'
    : false;

test('two serving processes with FDH_SYNC=on fetch each scheduled slot of a source once', { skip }, async (t) => {
  const database = await createTestDatabase();
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  const dir = mkdtempSync(join(tmpdir(), 'fdh-sync-scale-'));
  const servers: RunningServer[] = [];
  t.after(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await double.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const sourcesFile = join(dir, 'sources.json');
  // Every second, so a few seconds hold several slots.
  // The shipped sources are off: with FDH_SYNC=on a serving process runs every source that never ran as it starts.
  writeSourcesFile(sourcesFile, double.baseUrl, { ...SHIPPED_OFF, 'ecb-test-rates': { schedule: '* * * * * *' }, 'ecb-test-keyed': { enabled: false } });
  const env = { FDH_DATABASE_URL: database.url, FDH_REDIS_URL: testRedisUrl ?? '', FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC: 'on' };
  servers.push(await startServer({ ...env, FDH_DATA_DIR: join(dir, 'a') }));
  servers.push(await startServer({ ...env, FDH_DATA_DIR: join(dir, 'b') }));
  await sleep(4000);
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const claims = await client.query<{ slot: string; claimed_by: string }>(
      "select slot, claimed_by from sync_claim where source_id = 'ecb-test-rates' order by slot",
    );
    const fetches = double.requests.filter((r) => r.path === RATES_PATH);
    assert.ok(claims.rows.length >= 3, `several slots passed while both served (${claims.rows.length})`);
    // Both processes reach every slot; only the claimant fetches, and not while a run of the source is under way (the lease).
    assert.ok(fetches.length <= claims.rows.length, `at most one fetch per slot: ${fetches.length} fetches for ${claims.rows.length} slots`);
    assert.ok(fetches.length >= claims.rows.length - 2, `the slots were run: ${fetches.length} fetches for ${claims.rows.length} slots`);
    const releases = await client.query<{ n: string }>("select count(*) as n from release where origin = 'sync'");
    assert.equal(Number(releases.rows[0]?.n), 1, 'the first slot imported; the next ones were 304s or the same content');
  } finally {
    await client.end();
  }
});
