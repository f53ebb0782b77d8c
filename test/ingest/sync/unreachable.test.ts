import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { TEST_SOURCES_MODULE } from './helpers.ts';

/** The test sources at `publisher` (the ECB test publisher's settings), with retries that would take minutes: no test waits them out. */
async function setUp(t: TestContext, publisher: Record<string, unknown>, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-unreachable-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify({ publishers: { 'ecb-test': publisher }, modules: [TEST_SOURCES_MODULE] }));
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_SYNC_RETRIES: '4', FDH_SYNC_RETRY_BASE_MS: '600000', ...env } });
  const progress: string[] = [];
  const sync = await SyncService.open({
    ...hub.runtime,
    env: { SYNC_TEST_API_KEY: 'unreachable-test-key' },
    onProgress: (sourceId, message) => progress.push(`${sourceId}: ${message}`),
  });
  t.after(() => sync.close());
  return { hub, sync, progress };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a host name that does not resolve, or a refused connection, fails the source at once with its reason, never retried', async (t) => {
  const { sync, progress } = await setUp(t, { baseUrl: 'http://publisher.invalid' });
  const [unresolved] = await sync.run(['ecb-test-rates']);
  assert.deepEqual(unresolved, { sourceId: 'ecb-test-rates', status: 'failed', error: 'http://publisher.invalid/: name not resolved: publisher.invalid' });
  const [status] = (await sync.statuses()).filter((s) => s.id === 'ecb-test-rates');
  assert.equal(status?.lastError, 'http://publisher.invalid/: name not resolved: publisher.invalid');

  const port = await closedPort();
  const refused = await setUp(t, { baseUrl: `http://127.0.0.1:${port}` });
  const [outcome] = await refused.sync.run(['ecb-test-rates']);
  assert.equal(outcome?.status, 'failed');
  // A retry would first wait FDH_SYNC_RETRY_BASE_MS (10 minutes): this answer came without one.
  assert.equal(
    outcome?.status === 'failed' ? outcome.error : '',
    `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-hist.csv: connection refused: 127.0.0.1:${port}`,
  );
  assert.deepEqual([...progress, ...refused.progress], [], 'no retry was announced');
});

test("a publisher's request gap is said as the run starts waiting, and the run's time limit names the wait it stopped", async (t) => {
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  // Generous: the first run starts a worker thread on a shared machine.
  const { sync, progress } = await setUp(t, { baseUrl: double.baseUrl, minRequestIntervalMs: 600_000 }, { FDH_SYNC_SOURCE_TIMEOUT_MS: '15000' });
  const [first, second] = await sync.run(['ecb-test-rates', 'ecb-test-keyed']);
  assert.equal(first?.status, 'succeeded');
  assert.deepEqual(progress, ["ecb-test-keyed: waiting 10 min for ecb-test's request gap (its minimum interval between requests)"]);
  assert.equal(second?.status, 'failed');
  assert.match(
    second?.status === 'failed' ? second.error : '',
    /^the run took longer than 15 s \(FDH_SYNC_SOURCE_TIMEOUT_MS\) and was stopped while waiting 10 min for ecb-test's request gap \(its minimum interval between requests\); nothing of it was imported$/,
  );
});
