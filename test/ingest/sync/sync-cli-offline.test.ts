import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI, runCli, startServer } from '../../helpers/cli.ts';
import { DOUBLE_SOURCE_PARAMS, PUBLISHER_SOURCES } from '../../helpers/all-publishers-hub.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { testStore } from '../../helpers/stores.ts';
import { sources } from '../../../src/ingest/sources/index.ts';
import { openStore } from '../../../src/store/db.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { RATES_PATH, SHIPPED_OFF, writeSourcesFile } from './helpers.ts';

/** These start `fdh` on the embedded store: they run in the embedded pass only. */
const skip = testStore === 'sqlite' ? false : 'runs in the embedded pass';

/** No JSON log unless a test asks: FDH_LOG_LEVEL unset. */
const QUIET = { FDH_LOG_LEVEL: '' };

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-sync-offline-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test("offline, fdh sync run ends at once with every source's reason, progress on standard error and no JSON log on standard output", { skip }, async (t) => {
  const dir = tempDir(t);
  const sourcesFile = join(dir, 'sources.json');
  const publishers = [...new Set(PUBLISHER_SOURCES.map((source) => source.publisher))];
  // test/helpers/offline.ts refuses every look-up but the loopback's, as a machine with no network does.
  writeFileSync(
    sourcesFile,
    JSON.stringify({
      publishers: Object.fromEntries(publishers.map((id) => [id, { baseUrl: 'http://publisher.invalid' }])),
      sources: Object.fromEntries(
        sources.map((source) => [source.id, { enabled: PUBLISHER_SOURCES.includes(source), params: DOUBLE_SOURCE_PARAMS[source.id] ?? {} }]),
      ),
    }),
  );
  const credentials = Object.fromEntries(sources.flatMap((source) => source.credentials.map((spec) => [spec.env, 'placeholder'])));
  const env = { ...QUIET, ...credentials, FDH_DATA_DIR: join(dir, 'data'), FDH_SOURCES_FILE: sourcesFile, FDH_SYNC_CONTACT: 'hub-tests@example.org' };
  const started = Date.now();
  const run = await runCli(['sync', 'run'], env);
  const seconds = (Date.now() - started) / 1000;
  assert.equal(run.code, 1, run.stderr);
  for (const source of PUBLISHER_SOURCES) {
    assert.match(
      run.stderr,
      new RegExp(`^${source.id}: FAILED, nothing imported: http://publisher\\.invalid/.*name not resolved: publisher\\.invalid$`, 'm'),
      source.id,
    );
  }
  // The operator's own files are off in this sources file: skipped.
  const skipped = sources.length - PUBLISHER_SOURCES.length;
  assert.equal(
    run.stderr.trimEnd().split('\n').at(-1),
    `Sync run: ${sources.length} sources, 0 ok, ${PUBLISHER_SOURCES.length} failed, ${skipped} skipped.`,
    'the last line sums the run up',
  );
  assert.equal(run.stdout, '', 'no JSON log line unless asked for');
  // The issue's own bound: retrying every source's look-up took about 19 minutes.
  assert.ok(seconds < 60, `ended in ${seconds} s`);

  const logged = await runCli(['sync', 'run', 'bis-cbpol', '--log-level', 'info'], env);
  assert.equal(logged.code, 1);
  const lines = logged.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { msg: string; reason?: string });
  assert.ok(
    lines.some((line) => line.msg === 'sync run failed; nothing imported from it' && /name not resolved/.test(line.reason ?? '')),
    '--log-level writes the JSON log',
  );
  assert.match(logged.stderr, /^bis-cbpol: FAILED/m, 'beside the progress lines');
});

test('Ctrl-C stops fdh sync run at once, the source under way reported as interrupted and nothing of it imported', { skip }, async (t) => {
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  const dir = tempDir(t);
  const sourcesFile = join(dir, 'sources.json');
  writeSourcesFile(sourcesFile, double.baseUrl);
  const env = { ...QUIET, FDH_DATA_DIR: join(dir, 'data'), FDH_SOURCES_FILE: sourcesFile };
  double.fail({ kind: 'hang' }, { times: 10 });
  const child = spawn(process.execPath, [CLI, 'sync', 'run', 'ecb-test-rates'], {
    env: { ...process.env, ...env, FDH_SYNC_REQUEST_TIMEOUT_MS: '600000' },
    stdio: 'pipe',
  });
  t.after(() => child.kill('SIGKILL'));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const deadline = Date.now() + 60_000;
  while (!double.requests.some((request) => request.path === RATES_PATH) && Date.now() < deadline) await sleep(50);
  assert.ok(double.requests.length > 0, 'the run reached the publisher, whose answer hangs');
  const interrupted = Date.now();
  child.kill('SIGINT');
  const code = await exited;
  const seconds = (Date.now() - interrupted) / 1000;
  assert.equal(code, 130, stderr);
  assert.match(stderr, /^ecb-test-rates: INTERRUPTED, stopped by Ctrl-C \(SIGINT\) before it finished; nothing of it was imported$/m);
  assert.match(stderr, /\nSync run: 1 source, 0 ok, 1 failed, 0 skipped\.\n$/);
  // Generous ("within a second" on a quiet machine): waiting for the hanging answer would take 10 minutes.
  assert.ok(seconds < 5, `stopped ${seconds} s after Ctrl-C`);
  const status = await runCli(['sync', 'status', '--json'], env);
  const [rates] = (JSON.parse(status.stdout) as { id: string; lastError: string | null; running: boolean }[]).filter((s) => s.id === 'ecb-test-rates');
  assert.deepEqual([rates?.running, rates?.lastError], [false, 'stopped by Ctrl-C (SIGINT) before it finished; nothing of it was imported']);
  const releases = await runCli(['releases', '--json'], env);
  assert.deepEqual(JSON.parse(releases.stdout), []);
});

test('FDH_DEMO=off on a store that holds the demo says so and how to remove it', { skip }, async (t) => {
  const dir = tempDir(t);
  const dataDir = join(dir, 'data');
  const store = await openStore({ dataDir });
  await runDemoGenerators(store.db, [instrumentsDemoGenerator], { until: '2026-06-18', scale: 'small' });
  await store.close();
  const server = await startServer({ FDH_DATA_DIR: dataDir, FDH_DEMO: 'off', FDH_SOURCES_FILE: join(dir, 'none.json') });
  t.after(() => server.child.kill('SIGKILL'));
  assert.match(server.stdout(), /^Data: the demo; sync: off\.$/m);
  assert.match(
    server.stdout(),
    /^This store still holds the demo \(\d+ demo releases\): FDH_DEMO=off only keeps an empty store from being seeded\. Remove the demo with `npx fdh demo remove`/m,
  );
  assert.doesNotMatch(server.stdout(), /npx fdh sync run/);
});

test('FDH_SYNC=on fetches the sources that never ran as the server starts, and says so', { skip }, async (t) => {
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  const dir = tempDir(t);
  const sourcesFile = join(dir, 'sources.json');
  writeSourcesFile(sourcesFile, double.baseUrl, SHIPPED_OFF);
  const server = await startServer({ FDH_DATA_DIR: join(dir, 'data'), FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC: 'on' });
  t.after(() => server.child.kill('SIGKILL'));
  assert.match(server.stdout(), /no demo \(FDH_DEMO=off\): the sources run now and then on their schedules \(FDH_SYNC=on\)/);
  assert.match(server.stdout(), /^Data: no data yet; sync: on \(due sources run now, then on their schedules\)\.$/m);
  assert.doesNotMatch(server.stdout(), /npx fdh sync run/, 'no advice to do by hand what the server does');
  // Its schedule (`0 16 * * 1-5`) would wait for a weekday afternoon; generous: a run starts a worker thread.
  const deadline = Date.now() + 60_000;
  while (!double.requests.some((request) => request.path === RATES_PATH) && Date.now() < deadline) await sleep(100);
  assert.equal(double.requests.filter((request) => request.path === RATES_PATH).length, 1, 'fetched once, at start');
});
