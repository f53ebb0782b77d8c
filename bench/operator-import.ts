/**
 * `npm run bench:import`: an operator's observations file of BENCH_IMPORT_ROWS lines (default
 * 1,000,000; test/helpers/operator-observations-file.ts writes it) loaded by `fdh import
 * operator-observations` as an operator runs it (bin/fdh, its own memory settings) into a fresh
 * store: the embedded SQLite file, or with BENCH_STORE=postgres a schema `fdh_bench_<random>`
 * of BENCH_DATABASE_URL, dropped afterwards. Prints the rows, the seconds the command took, rows
 * per second and the command's peak RSS. `npm run bench` prints the same line after its endpoints
 * when BENCH_IMPORT_ROWS is set.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeObservationsFile } from '../test/helpers/operator-observations-file.ts';
import { postgresBenchStore, sqliteBenchStore, type BenchStore } from './store.ts';

const FDH = fileURLToPath(new URL('../bin/fdh', import.meta.url));
const PEAK_RSS = fileURLToPath(new URL('./peak-rss.ts', import.meta.url));

export interface ImportFigures {
  rows: number;
  seconds: number;
  peakMb: number;
  store: string;
}

/** Runs `fdh import` with `env`; answers its wall time and peak RSS, or fails with its stderr. */
function timedImport(args: string[], env: Record<string, string>, peakFile: string): Promise<{ seconds: number; peakMb: number }> {
  const started = process.hrtime.bigint();
  const nodeOptions = [process.env.NODE_OPTIONS, `--import=${PEAK_RSS}`].filter((option) => option !== undefined && option !== '').join(' ');
  const child = spawn(FDH, ['import', ...args], {
    env: { ...process.env, ...env, NODE_OPTIONS: nodeOptions, BENCH_PEAK_RSS_FILE: peakFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`fdh import exited with ${code}: ${output}`));
      else resolve({ seconds, peakMb: Number(readFileSync(peakFile, 'utf8')) / 1024 });
    });
  });
}

/** Writes a file of `rows` lines and loads it into a fresh store; `databaseUrl` for PostgreSQL, the embedded store otherwise. */
export async function measureOperatorImport({ rows, databaseUrl }: { rows: number; databaseUrl?: string | undefined }): Promise<ImportFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-bench-import-'));
  let store: BenchStore = sqliteBenchStore;
  try {
    const file = join(dir, 'observations.csv');
    writeObservationsFile({ file, rows });
    if (databaseUrl !== undefined) store = await postgresBenchStore(databaseUrl, dir);
    const { seconds, peakMb } = await timedImport(['operator-observations', file], { FDH_DATA_DIR: dir, FDH_DEMO: 'off', ...store.env }, join(dir, 'peak-rss'));
    return { rows, seconds, peakMb, store: store.label };
  } finally {
    await store.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const importLine = ({ rows, seconds, peakMb, store }: ImportFigures): string =>
  `fdh import operator-observations: ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s, peak RSS ${Math.round(peakMb)} MB (${store})\n`;

/** BENCH_IMPORT_ROWS as a whole number of rows. */
export function importRows(fallback: number): number {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? fallback);
  if (!Number.isInteger(rows) || rows < 1) throw new Error('BENCH_IMPORT_ROWS must be a whole number of rows');
  return rows;
}

if (import.meta.main) {
  const postgres = process.env.BENCH_STORE === 'postgres';
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (postgres && databaseUrl === undefined) throw new Error('BENCH_STORE=postgres needs BENCH_DATABASE_URL');
  process.stdout.write(importLine(await measureOperatorImport({ rows: importRows(1_000_000), databaseUrl: postgres ? databaseUrl : undefined })));
}
