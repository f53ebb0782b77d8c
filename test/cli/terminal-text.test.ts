import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { createStore, runCli } from '../helpers/cli.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../helpers/publisher-double.ts';
import { testStore } from '../helpers/stores.ts';
import { RATES_PATH, writeSourcesFile } from '../ingest/sync/helpers.ts';

/** These start `fdh` on the embedded store: they run in the embedded pass only. */
const skip = testStore === 'sqlite' ? false : 'runs in the embedded pass';

const HOSTILE = '\x1b[31mred\x1b[0m\nforged\u202e';

/** No control byte but the line ends (and the tabs of a table) the CLI itself prints; no ESC, no DEL. */
function assertPrintable(output: string, what: string): void {
  const bytes = Buffer.from(output);
  const bad = [...bytes.entries()].filter(([, byte]) => (byte < 0x20 && byte !== 0x0a && byte !== 0x09) || byte === 0x7f);
  assert.deepEqual(bad, [], `${what}: control bytes printed raw`);
  assert.ok(!output.includes('\u202e') && !output.includes('\u0085'), `${what}: a bidi override or a C1 control printed raw`);
}

test('fdh keys list, fdh audit and fdh sync status escape what the store or a publisher holds: no raw control reaches the terminal', { skip }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-terminal-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  const sourcesFile = join(dir, 'sources.json');
  writeSourcesFile(sourcesFile, double.baseUrl);
  const env = { FDH_DATA_DIR: join(dir, 'data'), FDH_SOURCES_FILE: sourcesFile, FDH_SYNC_RETRIES: '0' };

  // A key whose name holds an ANSI colour and a line break.
  await createStore(env);
  assert.equal((await runCli(['keys', 'create', '--plan', 'pro', '--name', `key ${HOSTILE}`], env)).code, 0);

  // A failed sign-in naming an "e-mail" that forges an audit line, made the way the dashboard makes one.
  const forged = `x\n2026-06-19T08:45:30.000Z\tkey.revoke\tadmin@fdh.local\x1b[2K`;
  const runtime = await openRuntime(loadConfig({ env: { ...env, FDH_LOG_LEVEL: 'warn' } }));
  const app = await buildApp(runtime);
  try {
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: forged, password: 'wrong password' } });
    assert.equal(login.statusCode, 401, login.body);
  } finally {
    await app.close();
    await runtime.close();
  }

  // A publisher whose error message carries the same.
  double.fail(
    { kind: 'status', status: 400, contentType: 'application/json', body: JSON.stringify({ error_code: 400, error_message: `bad ${HOSTILE}` }) },
    { path: RATES_PATH },
  );
  const run = await runCli(['sync', 'run', 'ecb-test-rates'], env);
  assert.equal(run.code, 1, run.stderr);
  assertPrintable(run.stderr, 'fdh sync run');

  const keys = await runCli(['keys', 'list'], env);
  assert.equal(keys.code, 0, keys.stderr);
  assertPrintable(keys.stdout, 'fdh keys list');
  assert.ok(keys.stdout.includes('key \\x1b[31mred\\x1b[0m\\nforged\\u202e'), keys.stdout);

  const audit = await runCli(['audit'], env);
  assert.equal(audit.code, 0, audit.stderr);
  assertPrintable(audit.stdout, 'fdh audit');
  const failed = audit.stdout.split('\n').filter((line) => line.includes('session.signin-failed'));
  assert.equal(failed.length, 1, audit.stdout);
  assert.ok(failed[0]?.includes('x\\n2026-06-19T08:45:30.000Z\\tkey.revoke\\tadmin@fdh.local\\x1b[2K'), 'the forged line stays inside its own, visibly');
  assert.ok(!audit.stdout.split('\n').some((line) => line.startsWith('2026-06-19T08:45:30.000Z\tkey.revoke')), 'no forged line');

  let status = await runCli(['sync', 'status'], env);
  assert.equal(status.code, 0, status.stderr);
  assertPrintable(status.stdout, 'fdh sync status');
  assert.match(status.stdout, /last error {5}.*HTTP 400; the publisher says "bad \\x1b\[31mred\\x1b\[0m forged\\u202e"/);

  // A reason stored raw and long, as runs stored them before reasons were bounded: shown escaped and cut.
  const store = await openRuntime(loadConfig({ env }));
  try {
    await store.store.db
      .updateTable('sync_source')
      .set({ last_error: `raw ${HOSTILE}${'y'.repeat(2_000_000)}` })
      .where('source_id', '=', 'ecb-test-rates')
      .execute();
  } finally {
    await store.close();
  }
  status = await runCli(['sync', 'status'], env);
  assertPrintable(status.stdout, 'fdh sync status of a raw reason');
  const lastError = /^ {2}last error {5}(.*)$/m.exec(status.stdout.split('ecb-test-rates (')[1] ?? '')?.[1] ?? '';
  assert.match(lastError, /^raw \\x1b\[31mred\\x1b\[0m\\nforged\\u202ey+ … \(cut, 2,000,024 characters in all\)$/);
  assert.ok(Buffer.byteLength(lastError) <= 1024, `${Buffer.byteLength(lastError)} bytes`);
  const json = JSON.parse((await runCli(['sync', 'status', '--json'], env)).stdout) as { id: string; lastError: string | null }[];
  assert.equal(json.find((s) => s.id === 'ecb-test-rates')?.lastError, lastError, '--json shows the same bounded reason');

  const accounts = await runCli(['accounts', 'list'], env);
  assertPrintable(accounts.stdout, 'fdh accounts list');
});
