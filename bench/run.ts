/**
 * `npm run bench`: measures req/s of the hub against a bare node:http server on loopback and
 * prints the ratios. Each server runs in its own process; autocannon drives them from this one,
 * one at a time, after a warm-up. Loopback only, bounded in time.
 *
 * The machine is shared with the load generator and whatever else runs, and its speed drifts by
 * a third over a few seconds. So the small full-pipeline endpoint is measured in BENCH_SLICES
 * short slices that alternate between the servers (bare node:http, Fastify alone, the hub, and
 * the hub with its quota in Redis): a slow spell slows all of them alike. A ratio printed is one server's requests over
 * all its slices against the other's, with the spread of the per-slice ratios beside it.
 *
 * Options (environment): BENCH_SLICES (default 15), BENCH_SLICE_SECONDS (default 1),
 * BENCH_SECONDS (default 5, each domain endpoint), BENCH_CONNECTIONS (default 10),
 * BENCH_ONLY (comma-separated names of the domain endpoints to measure; `none` for none), BENCH_DATABASE_URL (run the
 * hub on this PostgreSQL database instead of SQLite), BENCH_REDIS_URL (also measure the usage
 * endpoint with the quota in Redis, and print its ratio to the in-process quota).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CLI, runCli, type RunningServer } from '../test/helpers/cli.ts';
import { freePort } from '../test/helpers/services.ts';
import { FEATURE_CODES } from '../src/core/auth/plans.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SLICES = Number(process.env.BENCH_SLICES ?? 15);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 1);
const ONLY = process.env.BENCH_ONLY?.split(',');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The domains' heavier endpoints, measured once each after the rounds of the usage endpoint. */
const ENDPOINTS: { name: string; path: string }[] = [
  { name: 'crypto', path: '/openapi/v1/crypto' },
  { name: 'bubble-map-200', path: '/openapi/v1/crypto/bubble-map?limit=200' },
  { name: 'fx-correlation', path: '/openapi/v1/fx/correlation' },
  { name: 'fdi-by-region', path: '/openapi/v1/macro/fdi/by-region?country=jp' },
  { name: 'fdi-by-region-asof', path: '/openapi/v1/macro/fdi/by-region?country=jp&asOf=2025-06-30' },
  { name: 'equity-prices-1y', path: '/openapi/v1/market/jp/equities/7203/prices' },
];

interface Measured {
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Measured> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  return { requests: result.requests.total, seconds: result.duration, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

async function measure(url: string, headers: Record<string, string>): Promise<Measured> {
  await load(url, headers, 1);
  return load(url, headers, SECONDS);
}

function sum(slices: Measured[]): Measured {
  return slices.reduce((total, slice) => ({
    requests: total.requests + slice.requests,
    seconds: total.seconds + slice.seconds,
    non2xx: total.non2xx + slice.non2xx,
    errors: total.errors + slice.errors,
  }));
}

const rate = (measured: Measured) => measured.requests / measured.seconds;

/**
 * The hub as an operator runs it: its log lines go to a file, not through a pipe into this
 * process (which drives the load and must not spend its time reading them).
 */
async function startHub(env: Record<string, string>, logFile: string): Promise<RunningServer> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port)], { env: { ...process.env, ...env }, stdio: ['ignore', log, 'inherit'] });
  closeSync(log);
  const exited = new Promise<number | null>((done) => child.on('close', done));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    const ready = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (ready) return { child, baseUrl, stdout: () => '', exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the hub did not start within 60 s');
}

/** A yardstick server of this folder, in its own process. */
function startYardstick(file: string): Promise<RunningServer> {
  const script = fileURLToPath(new URL(file, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    const exited = new Promise<number | null>((done) => child.on('close', done));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /serving (http:\/\/\S+)/.exec(stdout);
      if (match?.[1] !== undefined) resolve({ child, baseUrl: match[1], stdout: () => stdout, exited });
    });
    child.on('error', reject);
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-bench-'));
  const plansFile = join(dataDir, 'plans.json');
  // A budget no benchmark can exhaust: the quota is still checked and charged on every request.
  writeFileSync(plansFile, JSON.stringify({ plans: { bench: { budget: 1_000_000_000, features: [...FEATURE_CODES] } } }));
  const env: Record<string, string> = { FDH_DATA_DIR: dataDir, FDH_PLANS_FILE: plansFile, FDH_LOG_LEVEL: process.env.FDH_LOG_LEVEL ?? 'info' };
  if (process.env.BENCH_DATABASE_URL) env.FDH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const servers: RunningServer[] = [];
  try {
    const seeded = await runCli(['seed', 'demo'], env);
    if (seeded.code !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    const created = await runCli(['keys', 'create', '--plan', 'bench'], env);
    const key = created.stdout.trim().split('\n').at(-1) ?? '';

    const bare = await startYardstick('./bare-server.ts');
    servers.push(bare);
    const fastify = await startYardstick('./fastify-server.ts');
    servers.push(fastify);
    const hub = await startHub(env, join(dataDir, 'hub.log'));
    servers.push(hub);

    const redisUrl = process.env.BENCH_REDIS_URL;
    const shared = redisUrl === undefined ? undefined : await startHub({ ...env, FDH_REDIS_URL: redisUrl }, join(dataDir, 'hub-redis.log'));
    if (shared !== undefined) servers.push(shared);

    const problemsOf = (result: Measured) =>
      result.non2xx + result.errors > 0 ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : '';
    const spread = (numerators: Measured[], denominators: Measured[]) => {
      const ratios = numerators.map((slice, i) => rate(slice) / rate(denominators[i] ?? slice));
      return `per slice ${median(ratios).toFixed(2)} median, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    };
    const usageUrl = hub.baseUrl + '/openapi/v1/usage';
    const sharedUrl = shared === undefined ? undefined : shared.baseUrl + '/openapi/v1/usage';
    const auth = { 'x-api-key': key };
    await load(bare.baseUrl + '/', {}, 1);
    await load(fastify.baseUrl + '/', {}, 1);
    await load(usageUrl, auth, 1);
    if (sharedUrl !== undefined) await load(sharedUrl, auth, 1);
    const bareSlices: Measured[] = [];
    const fastifySlices: Measured[] = [];
    const usageSlices: Measured[] = [];
    const sharedSlices: Measured[] = [];
    for (let slice = 0; slice < SLICES; slice++) {
      bareSlices.push(await load(bare.baseUrl + '/', {}, SLICE_SECONDS));
      fastifySlices.push(await load(fastify.baseUrl + '/', {}, SLICE_SECONDS));
      usageSlices.push(await load(usageUrl, auth, SLICE_SECONDS));
      if (sharedUrl !== undefined) sharedSlices.push(await load(sharedUrl, auth, SLICE_SECONDS));
    }
    const bareTotal = sum(bareSlices);
    const usageTotal = sum(usageSlices);
    const bareRps = rate(bareTotal);
    const slicesNote = `${SLICES} alternating slices of ${SLICE_SECONDS} s`;
    process.stdout.write(`bare node:http            ${bareRps.toFixed(0).padStart(8)} req/s over ${slicesNote}\n`);
    const fastifyTotal = sum(fastifySlices);
    process.stdout.write(
      `fastify alone             ${rate(fastifyTotal).toFixed(0).padStart(8)} req/s   ratio ${(rate(fastifyTotal) / bareRps).toFixed(2)}` +
        `  (${spread(fastifySlices, bareSlices)})${problemsOf(fastifyTotal)}\n`,
    );
    process.stdout.write(
      `hub usage                 ${rate(usageTotal).toFixed(0).padStart(8)} req/s   ratio ${(rate(usageTotal) / bareRps).toFixed(2)}` +
        `  (${spread(usageSlices, bareSlices)})${problemsOf(usageTotal)}\n`,
    );
    if (sharedUrl !== undefined) {
      const sharedTotal = sum(sharedSlices);
      process.stdout.write(
        `hub usage, quota in Redis ${rate(sharedTotal).toFixed(0).padStart(8)} req/s   Redis-backed / in-process quota: ${(rate(sharedTotal) / rate(usageTotal)).toFixed(2)}` +
          `  (${spread(sharedSlices, usageSlices)})${problemsOf(sharedTotal)}\n`,
      );
    }

    for (const endpoint of ENDPOINTS) {
      if (ONLY !== undefined && !ONLY.includes(endpoint.name)) continue;
      const result = await measure(hub.baseUrl + endpoint.path, { 'x-api-key': key });
      process.stdout.write(`hub ${endpoint.name.padEnd(22)}${rate(result).toFixed(0).padStart(8)} req/s   ratio ${(rate(result) / bareRps).toFixed(2)}${problemsOf(result)}\n`);
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
