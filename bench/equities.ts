/**
 * Equities bench: `prices?range=max` of one stock on the full dataset (4,000 stocks) against
 * the same request on the small one (200), cached and uncached, and both against a bare
 * node:http server sending the same bytes. The full/small ratio shows an index seek (about
 * 1) rather than a scan (about 20). Loopback only; every measurement is bounded in time.
 *
 *   node_modules/.bin/node bench/equities.ts [--small DIR] [--full DIR] [--seconds N]
 *
 * `--full` must hold `fdh seed demo --scale full`; `--small` is seeded when empty.
 * Each server runs in its own process so autocannon never shares their event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import type { Clock } from '../src/core/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openRuntime } from '../src/runtime.ts';
import { SQLITE_FILE_NAME } from '../src/store/db.ts';

const SCRIPT = fileURLToPath(import.meta.url);
const PRICES_PATH = '/openapi/v1/market/jp/equities/7203/prices?range=max';
const WEEK_MS = 7 * 24 * 3600 * 1000;
const ROUNDS = 2;

/** Child mode: the hub on one data dir, printing its URL and a key on a budget no bench exhausts. */
async function serveHub(dataDir: string, uncached: boolean): Promise<void> {
  const plansDir = mkdtempSync(join(tmpdir(), 'fdh-bench-plans-'));
  const plansFile = join(plansDir, 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ plans: { bench: { budget: 1_000_000_000, features: ['market_data'] } } }));
  const config = loadConfig({ env: { FDH_DATA_DIR: dataDir, FDH_PLANS_FILE: plansFile, FDH_LOG_LEVEL: 'warn' } });
  // Uncached: each reading of the clock is a week later, so every cached answer has expired.
  let readings = 0;
  const clock: Clock | undefined = uncached ? { now: () => new Date(Date.now() + readings++ * WEEK_MS) } : undefined;
  const runtime = await openRuntime(config, clock === undefined ? {} : { clock });
  const { key } = await runtime.keys.create({ plan: 'bench' });
  const app = await buildApp(runtime);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`serving ${address} ${key}\n`);
  process.once('SIGTERM', () =>
    void app
      .close()
      .then(() => runtime.close())
      .then(() => rmSync(plansDir, { recursive: true, force: true }))
      .then(() => process.exit(0)),
  );
}

/** Child mode: the yardstick, a bare node:http server sending a fixed JSON body. */
function serveBare(bodyFile: string): void {
  const body = readFileSync(bodyFile);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    process.stdout.write(`serving http://127.0.0.1:${port} -\n`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

interface Child {
  process: ChildProcess;
  url: string;
  key: string;
}

function start(args: string[]): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /serving (\S+) (\S+)/.exec(stdout);
      if (match?.[1] !== undefined && match[2] !== undefined) resolve({ process: child, url: match[1], key: match[2] });
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function stop(child: Child): Promise<void> {
  const exited = new Promise((done) => child.process.once('exit', done));
  child.process.kill('SIGTERM');
  await exited;
}

async function requestsPerSecond(url: string, key: string, seconds: number): Promise<number> {
  const headers = key === '-' ? {} : { 'x-api-key': key };
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function seedSmall(dataDir: string): Promise<void> {
  const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
  const child = spawn(process.execPath, [main, 'seed', 'demo', '--until', '2026-06-19', '--data-dir', dataDir], { stdio: 'inherit' });
  const code = await new Promise((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`seeding ${dataDir} failed`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { small: { type: 'string' }, full: { type: 'string' }, seconds: { type: 'string' } },
  });
  const smallDir = values.small ?? '/tmp/fdh-bench-small';
  const fullDir = values.full ?? '/tmp/fdh-full';
  const seconds = Number(values.seconds ?? 4);
  if (!existsSync(join(fullDir, SQLITE_FILE_NAME))) {
    throw new Error(`${fullDir} has no store: run node_modules/.bin/node src/cli/main.ts seed demo --scale full --data-dir ${fullDir}`);
  }
  if (!existsSync(join(smallDir, SQLITE_FILE_NAME))) await seedSmall(smallDir);

  // Two rounds, small and full alternating; the better of each is kept, so a burst of load
  // elsewhere on the machine does not decide a ratio.
  const results = new Map<string, number>();
  let body = '';
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, dir, uncached] of [
      ['small cached', smallDir, false],
      ['full cached', fullDir, false],
      ['small uncached', smallDir, true],
      ['full uncached', fullDir, true],
    ] as const) {
      const hub = await start(['serve-hub', dir, ...(uncached ? ['uncached'] : [])]);
      try {
        if (body === '') body = await (await fetch(hub.url + PRICES_PATH, { headers: { 'x-api-key': hub.key } })).text();
        const rps = await requestsPerSecond(hub.url + PRICES_PATH, hub.key, seconds);
        results.set(name, Math.max(rps, results.get(name) ?? 0));
      } finally {
        await stop(hub);
      }
    }
  }
  const bodyDir = mkdtempSync(join(tmpdir(), 'fdh-bench-body-'));
  const bodyFile = join(bodyDir, 'body.json');
  writeFileSync(bodyFile, body);
  const bare = await start(['serve-bare', bodyFile]);
  try {
    for (let round = 0; round < ROUNDS; round++) results.set('bare', Math.max(await requestsPerSecond(bare.url, '-', seconds), results.get('bare') ?? 0));
  } finally {
    await stop(bare);
    rmSync(bodyDir, { recursive: true, force: true });
  }

  const rps = (name: string) => results.get(name) ?? Number.NaN;
  process.stdout.write(`GET ${PRICES_PATH}  (${Buffer.byteLength(body)} bytes; best of ${ROUNDS} runs of ${seconds} s, 10 connections)\n`);
  for (const [name, value] of results) process.stdout.write(`  ${name.padEnd(16)}${value.toFixed(0).padStart(8)} req/s\n`);
  const line = (label: string, ratio: number) => process.stdout.write(`  ${label.padEnd(44)}${ratio.toFixed(2)}×\n`);
  process.stdout.write('slowdown (req/s of the first over the second; goal full vs small ≤ 1.3×)\n');
  line('full vs small, cached', rps('small cached') / rps('full cached'));
  line('full vs small, uncached', rps('small uncached') / rps('full uncached'));
  for (const name of ['small cached', 'full cached', 'small uncached', 'full uncached']) line(`${name} vs bare node:http`, rps('bare') / rps(name));
}

const [mode, first, second] = process.argv.slice(2);
if (mode === 'serve-hub' && first !== undefined) await serveHub(first, second === 'uncached');
else if (mode === 'serve-bare' && first !== undefined) serveBare(first);
else await main();
