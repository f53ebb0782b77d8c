/**
 * `npm test`: the whole suite, embedded (SQLite, in-process quota) and then, when
 * FDH_TEST_DATABASE_URL is set, scaled out (PostgreSQL, plus Redis when FDH_TEST_REDIS_URL is
 * set), finishing with the multi-process tests alone so no other test competes with their
 * timeouts. Without the URLs the scaled-out passes are skipped with a visible message.
 * Arguments, if any, are file globs that narrow the run.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { globSync } from 'node:fs';
import { dropTestSchemas } from '../test/helpers/stores.ts';

const patterns = process.argv.length > 2 ? process.argv.slice(2) : ['test/**/*.test.ts'];
const files = [...new Set(patterns.flatMap((pattern) => globSync(pattern)))].sort();
const multiProcess = files.filter((file) => file.startsWith('test/scale-out/'));
const inProcess = files.filter((file) => !multiProcess.includes(file));

function pass(name: string, passFiles: string[], env: Record<string, string>, concurrency: number): boolean {
  if (passFiles.length === 0) return true;
  process.stdout.write(`\n== ${name}: ${passFiles.length} files ==\n`);
  const result = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...passFiles], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

// This run's id: its PostgreSQL test schemas carry it, so it drops only its own.
const runId = randomBytes(4).toString('hex');
process.env.FDH_TEST_RUN_ID = runId;

const failed: string[] = [];
if (!pass('embedded: SQLite store, in-process quota', files, { FDH_TEST_STORE: 'sqlite' }, 2)) failed.push('embedded');

if (!process.env.FDH_TEST_DATABASE_URL) {
  process.stdout.write('\n== scaled out: SKIPPED — set FDH_TEST_DATABASE_URL and FDH_TEST_REDIS_URL to run the suite on PostgreSQL and Redis ==\n');
} else {
  const redis = process.env.FDH_TEST_REDIS_URL ? 'Redis quota' : 'in-process quota (FDH_TEST_REDIS_URL not set)';
  const env = { FDH_TEST_STORE: 'postgres' };
  if (!pass(`scaled out: PostgreSQL store, ${redis}`, inProcess, env, 2)) failed.push('scaled out');
  const dropped = await dropTestSchemas(process.env.FDH_TEST_DATABASE_URL, runId);
  process.stdout.write(`(dropped the pass's ${dropped} test schemas)\n`);
  if (!pass('scaled out: several processes', multiProcess, env, 1)) failed.push('several processes');
  await dropTestSchemas(process.env.FDH_TEST_DATABASE_URL, runId);
}

if (failed.length > 0) {
  process.stdout.write(`\nFailed passes: ${failed.join(', ')}\n`);
  process.exit(1);
}
