import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { initialCredentials, runCli, startServer } from '../../helpers/cli.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { testStore } from '../../helpers/stores.ts';
import { writeSourcesFile } from './helpers.ts';

/** These start `fdh` on the embedded store: they run in the embedded pass only. */
const skip = testStore === 'sqlite' ? false : 'runs in the embedded pass';

async function setUp(t: TestContext) {
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-sync-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeSourcesFile(sourcesFile, double.baseUrl);
  return { double, env: { FDH_DATA_DIR: join(dir, 'data'), FDH_SOURCES_FILE: sourcesFile } };
}

test('FDH_DEMO=off starts with no demo; fdh sync run loads a source that a running fdh serve shows within a second', { skip }, async (t) => {
  const { env } = await setUp(t);
  const server = await startServer({ ...env, FDH_DEMO: 'off' }, 60_000);
  t.after(() => server.child.kill('SIGKILL'));
  assert.match(server.stdout(), /no demo \(FDH_DEMO=off\)/);
  const { key } = initialCredentials(env.FDH_DATA_DIR);
  const eurUsd = async () => {
    const answer = await fetch(`${server.baseUrl}/openapi/v1/fx/table?pairs=EUR/USD`, { headers: { 'x-api-key': key } });
    return answer.status === 200 ? ((await answer.json()) as { data: { rows: { lastPrice: number }[] } }).data.rows[0]?.lastPrice : answer.status;
  };
  assert.equal(await eurUsd(), 400, 'no demo: no pair is known');
  const demoSeries = await fetch(`${server.baseUrl}/openapi/v1/crypto/markets`, { headers: { 'x-api-key': key } });
  assert.ok(demoSeries.status < 500);

  const run = await runCli(['sync', 'run', 'ecb-test'], env);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /^ecb-test-rates: ok, \d+ rows added in 1 new release\(s\) rel_/m);
  assert.match(run.stderr, /^ecb-test-keyed: skipped: SYNC_TEST_API_KEY not set/m, 'one line for the missing credential');
  assert.match(run.stderr, /\nSync run: 3 sources, 1 ok, 0 failed, 2 skipped\.\n$/, 'the run ends with one summary line');
  assert.equal(run.code, 0);
  const loadedAt = Date.now();
  let seen = await eurUsd();
  while (seen !== 1.1423 && Date.now() - loadedAt < 1000) seen = await eurUsd();
  assert.equal(seen, 1.1423, 'the serving process shows the synced figure within a second');

  const status = await runCli(['sync', 'status', '--json'], env);
  assert.equal(status.code, 0, status.stderr);
  const [rates] = (JSON.parse(status.stdout) as { id: string; lastSuccessAt: string | null; lastRowsAdded: number; nextRunAt: string }[]).filter(
    (s) => s.id === 'ecb-test-rates',
  );
  assert.ok(rates?.lastSuccessAt !== null && (rates?.lastRowsAdded ?? 0) > 0);
  assert.ok(Date.parse(rates?.nextRunAt ?? '') > loadedAt, 'the next run is in the future');

  const releases = await runCli(['releases', '--json'], env);
  const listed = JSON.parse(releases.stdout) as { origin: string; sourceId: string; archiveHashes: string[] }[];
  assert.deepEqual(
    listed.map((r) => [r.origin, r.sourceId, r.archiveHashes.length]),
    [['sync', 'ecb-test-rates', 1]],
  );
  const text = await runCli(['releases'], env);
  assert.match(text.stdout, /ecb-eurofxref .* sync of ecb-test-rates \(archive [0-9a-f]{64}\)/);
});

test('fdh sync run works on a data directory with no store yet, fails with exit 1 when a source fails, and refuses an unknown name', { skip }, async (t) => {
  const { env, double } = await setUp(t);
  double.fail({ kind: 'status', status: 500 }, { times: 10 });
  const failed = await runCli(['sync', 'run', 'ecb-test-rates'], { ...env, FDH_SYNC_RETRIES: '1', FDH_SYNC_RETRY_BASE_MS: '10' });
  assert.equal(failed.code, 1);
  assert.match(failed.stderr, /^ecb-test-rates: FAILED, nothing imported: .*HTTP 500 \(gave up after 2 attempts\)/m);
  assert.match(failed.stderr, /\nSync run: 1 source, 0 ok, 1 failed, 0 skipped\.\n$/);
  const status = await runCli(['sync', 'status'], env);
  assert.match(status.stdout, /last error {5}.*HTTP 500/);
  assert.match(status.stdout, /failures {7}1 in a row/);
  assert.match(status.stdout, /ecb-test-keyed \(ecb-test\) — skipped: SYNC_TEST_API_KEY not set/);
  const unknown = await runCli(['sync', 'run', 'nope'], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no source or publisher "nope"; sources: ecb-eurofxref-hist, .*, ecb-test-rates, ecb-test-keyed/);
});
