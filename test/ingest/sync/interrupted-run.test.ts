import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { CLI, initialCredentials, runCli, startServer } from '../../helpers/cli.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { testStore } from '../../helpers/stores.ts';
import { RATES_PATH, TEST_SOURCES_MODULE } from './helpers.ts';

/** These start `fdh` on the embedded store: they run in the embedded pass only. */
const skip = testStore === 'sqlite' ? false : 'runs in the embedded pass';
const STALLING_SOURCES = fileURLToPath(new URL('../../helpers/sync-stalling-sources.ts', import.meta.url));
/** Long enough for `fdh sync status` to start and read the lease before it lapses on a loaded machine (about 4 s under CI's load). */
const LEASE_S = 8;
const SAMPLE = readFileSync(join(SYNC_FIXTURES, 'ecb-test', 'eurofxref-hist.csv'), 'utf8');
/** The sample with one more day on top, EUR/USD 1.2. */
const NEXT_DAY = SAMPLE.replace(/\n/, `\n2026-06-22,1.2000${SAMPLE.split('\n')[1]?.replace(/^[^,]+,[^,]+/, '') ?? ''}\n`);

test('kill -9 of fdh sync run mid-commit: every answer is as before, status says interrupted once the lease lapses, a rerun succeeds, nothing is left staged', {
  skip,
}, async (t) => {
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-interrupted-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify({ publishers: { 'ecb-test': { baseUrl: double.baseUrl } }, modules: [TEST_SOURCES_MODULE, STALLING_SOURCES] }));
  const dataDir = join(dir, 'data');
  const env = { FDH_DATA_DIR: dataDir, FDH_SOURCES_FILE: sourcesFile, FDH_SYNC_LEASE_S: String(LEASE_S) };

  const server = await startServer({ ...env, FDH_DEMO: 'off' }, 60_000);
  t.after(() => server.child.kill('SIGKILL'));
  const { key } = initialCredentials(dataDir);
  const first = await runCli(['sync', 'run', 'ecb-test-rates'], env);
  assert.equal(first.code, 0, first.stderr);
  const answer = async () => {
    const response = await fetch(`${server.baseUrl}/openapi/v1/fx/table?pairs=EUR/USD,USD/JPY`, { headers: { 'x-api-key': key } });
    const body = (await response.json()) as { data: unknown };
    return { etag: response.headers.get('etag'), data: JSON.stringify(body.data) };
  };
  let before = await answer();
  for (let i = 0; i < 40 && !before.data.includes('1.1423'); i++) {
    await sleep(50);
    before = await answer();
  }
  assert.match(before.data, /1\.1423/);

  // The next run brings a new day, then stalls inside its transaction; it is killed there.
  double.setBody(RATES_PATH, NEXT_DAY);
  const marker = join(dir, 'mid-commit');
  // The run's temporary directory is its own: other test files running beside this one make theirs in the shared one.
  const runTmp = join(dir, 'tmp');
  mkdirSync(runTmp);
  const run = spawn(process.execPath, [CLI, 'sync', 'run', 'ecb-test-stalling'], {
    env: { ...process.env, ...env, TMPDIR: runTmp, SYNC_TEST_STALL_MARKER: marker },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => run.on('exit', resolve));
  for (let i = 0; i < 600 && !existsSync(marker); i++) await sleep(50);
  assert.ok(existsSync(marker), 'the run reached its second payload, inside the transaction');
  run.kill('SIGKILL');
  await exited;

  assert.deepEqual(await answer(), before, 'every answer is as it was before the run: the first payload, written in the same transaction, is not served');
  const running = JSON.parse((await runCli(['sync', 'status', '--json'], env)).stdout) as { id: string; running: boolean; interrupted: boolean }[];
  assert.equal(running.find((s) => s.id === 'ecb-test-stalling')?.running, true, 'until the lease lapses the run is shown as under way');

  await sleep(LEASE_S * 1000 + 500);
  const status = await runCli(['sync', 'status'], env);
  assert.match(
    status.stdout,
    /ecb-test-stalling[\s\S]*last attempt .* \(interrupted\)[\s\S]*last error +interrupted: the run started .* stopped without finishing \(its process ended\); nothing of it was imported/,
  );
  const busyless = await runCli(['sync', 'run', 'ecb-test-stalling'], env);
  assert.equal(busyless.code, 0, `a rerun after the lease lapsed succeeds: ${busyless.stderr}`);
  let after = await answer();
  for (let i = 0; i < 40 && after.data === before.data; i++) {
    await sleep(50);
    after = await answer();
  }
  assert.match(after.data, /1\.2/, 'the rerun is served');
  assert.deepEqual(readdirSync(runTmp), [], 'no staged directory');
  assert.deepEqual(
    readdirSync(join(dataDir, 'archive')).filter((name) => name.endsWith('.tmp')),
    [],
    'no half-written archive copy',
  );
});
