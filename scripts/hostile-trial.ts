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
import { deflateRawSync, gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sources as shippedSources } from '../src/ingest/sources/index.ts';
import { runCli, startServer } from '../test/helpers/cli.ts';
import { startPublisherDouble } from '../test/helpers/publisher-double.ts';
import { publisherSample } from '../test/helpers/routes-fetch.ts';
import { buildZip, deflated } from '../test/ingest/hostile/payloads.ts';
import { readZipEntry, zipDirectory } from '../src/ingest/sources/zip-entry.ts';

const HIST = '/stats/eurofxref/eurofxref-hist.zip';

function zipBomb(): Buffer {
  return buildZip([{ name: 'eurofxref-hist.csv', data: deflateRawSync(Buffer.alloc(64 * 1024 * 1024)), size: 2 ** 32 - 1, crc: 0 }]);
}

function threeMillionRowsZip(): Buffer {
  const lines = ['Date,USD,'];
  for (let i = 0; i < 3_000_000; i++) lines.push(`2000-01-01,${(1 + (i % 99_991) / 100_000).toFixed(5)},`);
  return buildZip([deflated('eurofxref-hist.csv', lines.join('\n'))]);
}

async function sparseXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(['Code', 'Name']);
  sheet.getCell('A1').font = { bold: true };
  sheet.addRow(['1306', 'TOPIX ETF']);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  const SHEET = 'xl/worksheets/sheet1.xml';
  return buildZip(
    zipDirectory(bytes).map((entry) => {
      const content = readZipEntry(bytes, entry);
      if (entry.name !== SHEET) return deflated(entry.name, content);
      const xml = content
        .toString('utf8')
        .replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>')
        .replace('</row>', '<c r="XFD1" s="1"/></row>')
        .replace('</sheetData>', '<row r="1048576"><c r="XFD1048576" s="1"/></row></sheetData>');
      return deflated(entry.name, xml);
    }),
  );
}

const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">${'<!---->'.repeat(70)}<!--`;

function secondlyIcs(): string {
  const ics = publisherSample('bls', 'bls.ics').toString('utf8');
  return ics.replace('DTSTART:20070311T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'DTSTART:19700101T000000\nRRULE:FREQ=SECONDLY');
}

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://example.test/</link><description>d</description><item><title>${'<'.repeat(100 * 1024)}</title><link>https://example.test/a</link><pubDate>Mon, 22 Jun 2026 08:00:00 GMT</pubDate></item></channel></rss>`;

function publisherDir(root: string, publisher: string, routes: { path: string; file: string; body: Buffer | string; contentType: string }[]): string {
  const dir = join(root, publisher);
  mkdirSync(dir, { recursive: true });
  for (const route of routes) writeFileSync(join(dir, route.file), route.body);
  writeFileSync(
    join(dir, 'routes.json'),
    JSON.stringify({ publisher, routes: routes.map((r) => ({ path: r.path, file: r.file, headers: { 'content-type': r.contentType }, origin: 'hostile trial payload' })) }),
  );
  return dir;
}

const TARGETS = ['ecb-eurofxref-hist', 'ecb-eurofxref-daily', 'mlit-transactions', 'bls-release-schedule', 'jpx-etf-list', 'rss-feeds'];

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'fdh-hostile-trial-'));
  try {
    const jpxPath = ((shippedSources.find((s) => s.id === 'jpx-etf-list')?.defaultParams as { path?: string } | undefined)?.path) ?? '/etf.xlsx';
    const dirs = [
      publisherDir(root, 'ecb', [
        { path: HIST, file: 'hist.zip', body: zipBomb(), contentType: 'application/zip' },
        { path: '/stats/eurofxref/eurofxref-daily.xml', file: 'daily.xml', body: ECB_XML, contentType: 'text/xml' },
      ]),
      publisherDir(root, 'mlit', [{ path: '/ex-api/external/XIT001', file: 'xit001.json', body: gzipSync(Buffer.alloc(512 * 1024 * 1024)), contentType: 'application/json' }]),
      publisherDir(root, 'bls', [{ path: '/schedule/news_release/bls.ics', file: 'bls.ics', body: secondlyIcs(), contentType: 'text/calendar' }]),
      publisherDir(root, 'jpx', [{ path: jpxPath, file: 'etf.xlsx', body: await sparseXlsx(), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]),
      publisherDir(root, 'rss', [{ path: '/feed.xml', file: 'feed.xml', body: RSS, contentType: 'application/rss+xml' }]),
    ];
    const double = await startPublisherDouble({ publishers: [], dirs });
    const sourcesFile = join(root, 'sources.json');
    const targets = shippedSources.filter((s) => TARGETS.includes(s.id));
    writeFileSync(
      sourcesFile,
      JSON.stringify({
        publishers: Object.fromEntries(['ecb', 'mlit', 'bls', 'jpx', 'rss'].map((p) => [p, { baseUrl: double.baseUrl }])),
        sources: Object.fromEntries(
          shippedSources.map((s) => [s.id, TARGETS.includes(s.id) ? { enabled: true, schedule: '* * * * *', ...(s.id === 'rss-feeds' ? { params: { feeds: [{ url: '/feed.xml' }] } } : {}) } : { enabled: false }]),
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
    const memory = (field: string) => Number(/(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field)) ?? '')?.[1] ?? 0) / 1024;
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
    console.log('round 2: a zipped CSV of three million rows at ECB\'s history');
    await sample(roundEnd(1));
    const status = JSON.parse((await runCli(['sync', 'status', '--json'], env)).stdout) as { id: string; lastError: string | null; lastAttemptAt: string | null; consecutiveFailures: number }[];
    console.log(`/healthz asked ${asked} times: slowest ${slowest.toFixed(1)} ms; serving process RSS peak sampled ${peakRssMb.toFixed(0)} MiB, VmHWM ${memory('VmHWM').toFixed(0)} MiB`);
    for (const source of status.filter((s) => TARGETS.includes(s.id))) {
      const reason = source.lastError ?? '(no error)';
      // eslint-free check: any C0 control but none, DEL or C1 in what status prints
      const controls = [...reason].filter((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) < 0xa0)).length;
      console.log(`${source.id}: ${source.consecutiveFailures} failure(s); reason ${Buffer.byteLength(reason)} bytes, ${controls} control characters: ${reason}`);
    }
    server.child.kill('SIGTERM');
    await server.exited;
    await double.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
