/**
 * `npm run bench:trees -- OLD_TREE [NEW_TREE]`: the request path of two checkouts of the project
 * side by side, on this machine, in one run (NEW_TREE defaults to this checkout). Each tree, with
 * its own node_modules, seeds the small demo into a data dir of its own with its own CLI and
 * serves it; autocannon alternates between the two servers on each endpoint, TREES_ROUNDS rounds
 * (default 3) of TREES_SECONDS seconds (default 2) after a warm-up. Prints, per endpoint and as
 * medians over the endpoints:
 * - the ratio of requests per second, new ÷ old (above 1: the new tree answers more), and
 * - the ratio of the server's CPU time per request (user and system, from /proc), old ÷ new
 *   (above 1: the new tree spends less per request). On a shared machine a noisy neighbour
 *   moves the first much more than the second: quote both.
 * TREES_PATHS (comma-separated, below /openapi/v1) replaces the seven default endpoints.
 * To bisect: `git worktree add /tmp/old <commit> && (cd /tmp/old && npm ci)`, then
 * `npm run bench:trees -- /tmp/old`. Linux only (/proc); both servers on the embedded store.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { FEATURE_CODES } from '../src/edge/auth/plans.ts';
import { freePort } from '../test/helpers/services.ts';

const DEFAULT_PATHS = [
  '/fx/summary',
  '/crypto/dominance',
  '/macro/population',
  '/etf/1306/info',
  '/news/sentiment',
  '/commodities/movers',
  '/market/indices/snapshot',
];
const PATHS = process.env.TREES_PATHS?.split(',') ?? DEFAULT_PATHS;
const ROUNDS = Number(process.env.TREES_ROUNDS ?? 3);
const SECONDS = Number(process.env.TREES_SECONDS ?? 2);
const CONNECTIONS = 20;
/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

interface TreeServer {
  tree: string;
  key: string;
  baseUrl: string;
  child: ChildProcess;
  dataDir: string;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The server's user and system CPU time so far, in seconds (fields 14 and 15 of /proc/<pid>/stat, after the command name). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The tree's CLI run as its operator would: its own interpreter line and its own Node. */
function cliOf(tree: string): { command: string; env: NodeJS.ProcessEnv } {
  const command = join(tree, 'src/cli/main.ts');
  if (!existsSync(command)) throw new Error(`${tree} has no src/cli/main.ts: is it a checkout of this project?`);
  return { command, env: { ...process.env, PATH: `${join(tree, 'node_modules/.bin')}:${process.env.PATH ?? ''}` } };
}

async function serveTree(tree: string): Promise<TreeServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-trees-'));
  const plansFile = join(dataDir, 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ plans: { bench: { budget: 1_000_000_000, features: [...FEATURE_CODES] } } }));
  const { command, env: baseEnv } = cliOf(tree);
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    FDH_DATA_DIR: dataDir,
    FDH_PLANS_FILE: plansFile,
    FDH_LOG_LEVEL: 'warn',
    TZ: 'UTC',
    FDH_WEIGHTLESS_CALLS_PER_MINUTE: '1000000',
    FDH_REFUSED_CALLS_PER_MINUTE: '1000000',
  };
  for (const name of ['FDH_DATABASE_URL', 'FDH_REDIS_URL', 'FDH_PORT']) delete env[name];
  const cli = (args: string[]) =>
    execFileSync(command, [...args, '--data-dir', dataDir], { cwd: tree, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 900_000 });
  cli(['seed', 'demo', '--scale', 'small']);
  const key = cli(['keys', 'create', '--plan', 'bench']).trim().split('\n').at(-1)?.trim() ?? '';
  const port = await freePort();
  const child = spawn(command, ['serve', '--port', String(port), '--data-dir', dataDir], { cwd: tree, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600 && child.exitCode === null; attempt++) {
    if (
      await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { tree, key, baseUrl, child, dataDir };
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill();
  throw new Error(`${tree} did not serve within 60 s`);
}

/** One run of load on one server: requests per second and CPU seconds per request. */
async function run(server: TreeServer, path: string): Promise<{ rps: number; cpuPerRequest: number; non2xx: number }> {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error(`${server.tree}'s server has no process id`);
  const before = cpuSeconds(pid);
  const result = await autocannon({
    url: `${server.baseUrl}/openapi/v1${path}`,
    headers: { 'x-api-key': server.key },
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const cpu = cpuSeconds(pid) - before;
  return { rps: result.requests.average, cpuPerRequest: cpu / Math.max(1, result.requests.total), non2xx: result.non2xx };
}

const [oldArg, newArg = '.'] = process.argv.slice(2);
if (oldArg === undefined) {
  console.error('usage: npm run bench:trees -- OLD_TREE [NEW_TREE]');
  process.exit(2);
}
const trees = [resolve(oldArg), resolve(newArg)] as const;
const servers: TreeServer[] = [];
try {
  for (const tree of trees) servers.push(await serveTree(tree));
  const rpsRatios: number[] = [];
  const cpuRatios: number[] = [];
  console.log('rps new/old  cpu old/new  old req/s (µs cpu/req)  new req/s (µs cpu/req)  endpoint');
  for (const path of PATHS) {
    for (const server of servers) await run(server, path);
    const runs = servers.map(() => [] as { rps: number; cpuPerRequest: number }[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, server] of servers.entries()) {
        const result = await run(server, path);
        if (result.non2xx > 0) console.error(`${path}: ${result.non2xx} answers other than 2xx from ${server.tree}`);
        runs[i]?.push(result);
      }
    }
    const [oldRuns = [], newRuns = []] = runs;
    const [oldRps, newRps] = [median(oldRuns.map((r) => r.rps)), median(newRuns.map((r) => r.rps))];
    const [oldCpu, newCpu] = [median(oldRuns.map((r) => r.cpuPerRequest)), median(newRuns.map((r) => r.cpuPerRequest))];
    rpsRatios.push(newRps / oldRps);
    cpuRatios.push(oldCpu / newCpu);
    const cell = (rps: number, cpu: number) => `${Math.round(rps)} (${(cpu * 1e6).toFixed(1)})`.padEnd(24);
    console.log(`${(newRps / oldRps).toFixed(3).padEnd(13)}${(oldCpu / newCpu).toFixed(3).padEnd(13)}${cell(oldRps, oldCpu)}${cell(newRps, newCpu)}${path}`);
  }
  console.log(
    `median over ${PATHS.length} endpoints: requests per second new/old ${median(rpsRatios).toFixed(3)} (min ${Math.min(...rpsRatios).toFixed(3)}); CPU per request old/new ${median(cpuRatios).toFixed(3)} (min ${Math.min(...cpuRatios).toFixed(3)}); old ${trees[0]}, new ${trees[1]}`,
  );
} finally {
  for (const server of servers) {
    const exited = new Promise((done) => server.child.once('close', done));
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await exited;
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
