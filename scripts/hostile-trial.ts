/**
 * The hostile-publisher trial, as an operator would run it: `fdh serve --sync` with one source
 * pointed at each hostile payload (a publisher double on the loopback serves them at the
 * publishers' real paths), every source scheduled each minute. While the sources run it asks
 * `/healthz` every 100 ms and reads the serving process's memory; then it prints the slowest
 * `/healthz`, the peak memory (VmHWM) and each source's status as `fdh sync status` reports it.
 *
 *   node scripts/hostile-trial.ts            (about two and a half minutes)
 *
 * Round 1 serves a zip bomb at ECB's history; round 2 (the next minute) a zipped CSV of three
 * million rows there. The other payloads are served in both rounds.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sources as shippedSources } from '../src/ingest/sources/index.ts';
import { runCli, startServer } from '../test/helpers/cli.ts';
import { HOSTILE_PAYLOADS, hostileSourceSettings, threeMillionRowsZip } from '../test/helpers/hostile-payloads.ts';
import { startPublisherDouble } from '../test/helpers/publisher-double.ts';

const HIST = '/stats/eurofxref/eurofxref-hist.zip';
/** Round 1: every payload but the three million rows, which take ECB's history in round 2. */
const ROUND_1 = HOSTILE_PAYLOADS.filter((p) => p.name !== 'zipped CSV of three million rows');
const TARGETS = [...new Set(ROUND_1.map((p) => p.sourceId))];

async function publisherDir(root: string, publisher: string): Promise<string> {
  const dir = join(root, publisher);
  mkdirSync(dir, { recursive: true });
  const routes = ROUND_1.filter((p) => p.publisher === publisher);
  for (const [index, route] of routes.entries()) writeFileSync(join(dir, `${index}.bin`), await route.body());
  writeFileSync(
    join(dir, 'routes.json'),
    JSON.stringify({
      publisher,
      routes: routes.map((r, index) => ({ path: r.path, file: `${index}.bin`, headers: { 'content-type': r.contentType }, origin: 'hostile trial payload' })),
    }),
  );
  return dir;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'fdh-hostile-trial-'));
  try {
    const publishers = [...new Set(ROUND_1.map((p) => p.publisher))];
    const dirs = await Promise.all(publishers.map((p) => publisherDir(root, p)));
    const double = await startPublisherDouble({ publishers: [], dirs });
    const sourcesFile = join(root, 'sources.json');
    const targets = shippedSources.filter((s) => TARGETS.includes(s.id));
    writeFileSync(
      sourcesFile,
      JSON.stringify({
        publishers: Object.fromEntries(publishers.map((p) => [p, { baseUrl: double.baseUrl }])),
        sources: Object.fromEntries(
          shippedSources.map((s) => [
            s.id,
            TARGETS.includes(s.id) ? { enabled: true, schedule: '* * * * *', ...hostileSourceSettings(s.id) } : { enabled: false },
          ]),
        ),
      }),
    );
    const env = { FDH_DATA_DIR: join(root, 'data'), FDH_SOURCES_FILE: sourcesFile, FDH_SYNC: 'on', MLIT_API_KEY: 'trial', FDH_SYNC_SOURCE_TIMEOUT_MS: '60000' };
    const server = await startServer(env, 120_000);
    const pid = server.child.pid ?? 0;
    console.log(`fdh serve --sync (pid ${pid}) at ${server.baseUrl}; sources: ${targets.map((s) => s.id).join(', ')}`);
    let slowest = 0;
    let peakRssMb = 0;
    let asked = 0;
    const memory = (field: string) =>
      Number(
        /(\d+) kB/.exec(
          readFileSync(`/proc/${pid}/status`, 'utf8')
            .split('\n')
            .find((l) => l.startsWith(field)) ?? '',
        )?.[1] ?? 0,
      ) / 1024;
    const roundEnd = (minute: number) => (Math.floor(Date.now() / 60_000) + minute) * 60_000 + 45_000;
    const sample = async (until: number) => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}/healthz`);
        await response.arrayBuffer();
        slowest = Math.max(slowest, performance.now() - started);
        peakRssMb = Math.max(peakRssMb, memory('VmRSS'));
        asked++;
        await sleep(100);
      }
    };
    await sample(roundEnd(1));
    double.setBody(HIST, threeMillionRowsZip());
    console.log("round 2: a zipped CSV of three million rows at ECB's history");
    await sample(roundEnd(1));
    const status = JSON.parse((await runCli(['sync', 'status', '--json'], env)).stdout) as {
      id: string;
      lastError: string | null;
      lastAttemptAt: string | null;
      consecutiveFailures: number;
    }[];
    console.log(
      `/healthz asked ${asked} times: slowest ${slowest.toFixed(1)} ms; serving process RSS peak sampled ${peakRssMb.toFixed(0)} MiB, VmHWM ${memory('VmHWM').toFixed(0)} MiB`,
    );
    for (const source of status.filter((s) => TARGETS.includes(s.id))) {
      const reason = source.lastError ?? '(no error)';
      // C0 and C1 controls and DEL in what status prints (there should be none)
      const controls = [...reason].filter((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) < 0xa0)).length;
      console.log(
        `${source.id}: ${source.consecutiveFailures} failure(s); reason ${Buffer.byteLength(reason)} bytes, ${controls} control characters: ${reason}`,
      );
    }
    server.child.kill('SIGTERM');
    await server.exited;
    await double.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
