/**
 * `npm test`: the whole suite, embedded (SQLite, in-process quota) and then, when
 * FDH_TEST_DATABASE_URL is set, scaled out (PostgreSQL, plus Redis when FDH_TEST_REDIS_URL is
 * set), finishing with the multi-process tests alone so no other test competes with their
 * timeouts. Every test process refuses look-ups of names off the loopback (test/helpers/offline.ts).
 * Without the URLs the scaled-out passes are skipped with a visible message.
 * Arguments, if any, are file globs that narrow the run.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { globSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { dropSnapshotDatabases, dropTestSchemas, snapshotPrefix } from '../test/helpers/stores.ts';
import type { SummaryLine } from './test-summary-reporter.ts';

const patterns = process.argv.length > 2 ? process.argv.slice(2) : ['test/**/*.test.ts'];
const files = [...new Set(patterns.flatMap((pattern) => globSync(pattern)))].sort();
const multiProcess = files.filter((file) => file.startsWith('test/scale-out/'));
const inProcess = files.filter((file) => !multiProcess.includes(file));
// A file whose subject does not depend on the store (the typed client's packaging, its types,
// its example) says so on a line of its own, and runs once, in the embedded pass.
const EMBEDDED_ONLY = '// npm test: embedded pass only';
const scaledOut = inProcess.filter(
  (file) =>
    !readFileSync(file, 'utf8')
      .split('\n')
      .some((line) => line.startsWith(EMBEDDED_ONLY)),
);

// Each pass's failed tests and test durations, one JSON line each (scripts/test-summary-reporter.ts).
const summariesDir = mkdtempSync(join(tmpdir(), 'fdh-test-summary-'));
const summaries: { pass: string; file: string }[] = [];

function pass(name: string, passFiles: string[], env: Record<string, string>, concurrency: number): boolean {
  if (passFiles.length === 0) return true;
  process.stdout.write(`\n== ${name}: ${passFiles.length} files ==\n`);
  const summaryFile = join(summariesDir, `${summaries.length}.jsonl`);
  summaries.push({ pass: name, file: summaryFile });
  const reporters = [
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/test-summary-reporter.ts',
    `--test-reporter-destination=${summaryFile}`,
  ];
  const offline = '--import=./test/helpers/offline.ts';
  const result = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, offline, ...reporters, ...passFiles], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function readSummary(file: string): SummaryLine[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as SummaryLine);
  } catch {
    return [];
  }
}

const shown = (file: string | undefined): string => (file === undefined ? '?' : relative(process.cwd(), file));

/**
 * After the last pass: each pass's slowest files, then every failed test (innermost first) with
 * its error, so the end of the log says what failed and why.
 */
function summary(): string {
  const lines: string[] = [];
  for (const { pass: name, file } of summaries) {
    const perFile = new Map<string, number>();
    const failed: Extract<SummaryLine, { kind: 'failed' }>[] = [];
    for (const line of readSummary(file)) {
      if (line.kind === 'duration') perFile.set(line.file, (perFile.get(line.file) ?? 0) + line.ms);
      else failed.push(line);
    }
    const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 8);
    lines.push(`\n== ${name}: slowest files (tests' own time) ==`, ...slowest.map(([f, ms]) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${shown(f)}`));
    if (failed.length === 0) continue;
    lines.push(`\n== failed in ${name}: ${failed.length} ==`);
    for (const test of failed) {
      lines.push(`✖ ${shown(test.file)}${test.line === undefined ? '' : `:${test.line}`} › ${test.name}`);
      lines.push(...test.error.split('\n').map((line) => `    ${line}`));
    }
  }
  return `${lines.join('\n')}\n`;
}

// Every test file is a process of its own that loads the hub's modules, type stripping and all:
// Node's compile cache keeps what one process compiled for the next (a third of a file's start).
process.env.NODE_COMPILE_CACHE ??= join(process.cwd(), 'node_modules', '.cache', 'node-compile');

// This run's id: its PostgreSQL test schemas carry it, so it drops only its own.
const runId = randomBytes(4).toString('hex');
process.env.FDH_TEST_RUN_ID = runId;

/** The stores this run built once for its test files to copy (test/helpers/store-snapshot.ts). */
function removeSnapshotDirs(): void {
  for (const name of readdirSync(tmpdir())) if (name.startsWith(snapshotPrefix(runId))) rmSync(join(tmpdir(), name), { recursive: true, force: true });
}

const failed: string[] = [];
if (!pass('embedded: SQLite store, in-process quota', files, { FDH_TEST_STORE: 'sqlite' }, 2)) failed.push('embedded');
removeSnapshotDirs();

if (!process.env.FDH_TEST_DATABASE_URL) {
  process.stdout.write('\n== scaled out: SKIPPED — set FDH_TEST_DATABASE_URL and FDH_TEST_REDIS_URL to run the suite on PostgreSQL and Redis ==\n');
} else {
  const redis = process.env.FDH_TEST_REDIS_URL ? 'Redis quota' : 'in-process quota (FDH_TEST_REDIS_URL not set)';
  const env = { FDH_TEST_STORE: 'postgres' };
  if (!pass(`scaled out: PostgreSQL store, ${redis}`, scaledOut, env, 2)) failed.push('scaled out');
  const dropped = await dropTestSchemas(process.env.FDH_TEST_DATABASE_URL, runId);
  const snapshots = await dropSnapshotDatabases(process.env.FDH_TEST_DATABASE_URL, runId);
  removeSnapshotDirs();
  process.stdout.write(`(dropped the pass's ${dropped} test schemas and ${snapshots} snapshot databases)\n`);
  if (!pass('scaled out: several processes', multiProcess, env, 1)) failed.push('several processes');
  await dropTestSchemas(process.env.FDH_TEST_DATABASE_URL, runId);
}

process.stdout.write(summary());
rmSync(summariesDir, { recursive: true, force: true });
if (failed.length > 0) {
  process.stdout.write(`\nFailed passes: ${failed.join(', ')}\n`);
  process.exit(1);
}
