/**
 * `npm run bench`: measures req/s of the hub against a bare node:http server on loopback and
 * prints the ratios. Each server runs in its own process; autocannon drives them from this one,
 * one at a time, with a warm-up before each measurement. Loopback only, bounded in time.
 *
 * Options (environment): BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 10),
 * BENCH_ONLY (comma-separated names of the endpoints to measure).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { runCli, startServer, type RunningServer } from '../test/helpers/cli.ts';
import { FEATURE_CODES } from '../src/core/auth/plans.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY?.split(',');

/** The endpoints measured: a small full-pipeline one first, then the domains' heavier ones. */
const ENDPOINTS: { name: string; path: string }[] = [
  { name: 'usage', path: '/openapi/v1/usage' },
  { name: 'crypto', path: '/openapi/v1/crypto' },
  { name: 'bubble-map-200', path: '/openapi/v1/crypto/bubble-map?limit=200' },
  { name: 'fx-correlation', path: '/openapi/v1/fx/correlation' },
  { name: 'fdi-by-region', path: '/openapi/v1/macro/fdi/by-region?country=jp' },
  { name: 'fdi-by-region-asof', path: '/openapi/v1/macro/fdi/by-region?country=jp&asOf=2025-06-30' },
  { name: 'equity-prices-1y', path: '/openapi/v1/market/jp/equities/7203/prices' },
];

async function measure(url: string, headers: Record<string, string>): Promise<{ rps: number; non2xx: number; errors: number }> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

function startBare(): Promise<RunningServer> {
  const script = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
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
  const env = { FDH_DATA_DIR: dataDir, FDH_PLANS_FILE: plansFile, FDH_LOG_LEVEL: process.env.FDH_LOG_LEVEL ?? 'info' };
  const servers: RunningServer[] = [];
  try {
    const seeded = await runCli(['seed', 'demo'], env);
    if (seeded.code !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    const created = await runCli(['keys', 'create', '--plan', 'bench'], env);
    const key = created.stdout.trim().split('\n').at(-1) ?? '';

    const bare = await startBare();
    servers.push(bare);
    const hub = await startServer({ ...env, FDH_LOG_LEVEL: env.FDH_LOG_LEVEL });
    servers.push(hub);

    const baseline = await measure(bare.baseUrl + '/', {});
    process.stdout.write(`bare node:http            ${baseline.rps.toFixed(0).padStart(8)} req/s\n`);
    for (const endpoint of ENDPOINTS) {
      if (ONLY !== undefined && !ONLY.includes(endpoint.name)) continue;
      const result = await measure(hub.baseUrl + endpoint.path, { 'x-api-key': key });
      const problems = result.non2xx + result.errors > 0 ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : '';
      process.stdout.write(
        `hub ${endpoint.name.padEnd(22)}${result.rps.toFixed(0).padStart(8)} req/s   ratio ${(result.rps / baseline.rps).toFixed(2)}${problems}\n`,
      );
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
