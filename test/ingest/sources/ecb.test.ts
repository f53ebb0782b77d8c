import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadBytes } from '../../helpers/routes-fetch.ts';
import { ecbDailySource, ecbHistSource, ecbSources } from '../../../src/ingest/sources/ecb/index.ts';
import { zipEntry } from '../../../src/ingest/sources/zip-entry.ts';
import { parseEurofxrefXml } from '../../../src/ingest/importers/fx/ecb-eurofxref-xml.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const HIST_CSV = readFileSync(fileURLToPath(new URL('../../fixtures/fx/eurofxref-hist.csv', import.meta.url)), 'utf8');
const DAILY_XML = publisherSample('ecb', 'eurofxref-daily.xml').toString('utf8');

test('ecb-eurofxref-hist asks for the published zip conditionally and hands on the CSV inside it', async () => {
  const { result, requests } = await collectFromRoutes(ecbHistSource);
  assert.deepEqual(requests, [{ url: 'http://publisher.test/stats/eurofxref/eurofxref-hist.zip' }], 'no conditional: false, so the runner sends its validators');
  assert.equal(result.payloads.length, 1);
  const [payload] = result.payloads;
  assert.equal(payload?.importer.dataset, 'ecb-eurofxref');
  assert.equal(payload?.fileName, 'eurofxref-hist.csv');
  // The sample zip holds the first five lines of the fx fixture.
  assert.equal(payloadBytes(payload).toString('utf8'), `${HIST_CSV.split('\n').slice(0, 5).join('\n')}\n`);
  assert.equal(payload?.archiveHashes.length, 1);
});

test('an ECB file unchanged since the last run (304) imports nothing', async () => {
  for (const source of ecbSources) {
    const result = await source.collect({
      baseUrl: 'http://publisher.test',
      params: {},
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: true, url: request.url }),
    });
    assert.deepEqual(result.payloads, [], source.id);
  }
});

test('a truncated or damaged history zip is refused with the reason, never read short', () => {
  const zip = publisherSample('ecb', 'eurofxref-hist.zip');
  assert.throws(() => zipEntry(zip.subarray(0, zip.length - 30), 'eurofxref-hist.csv'), (error: unknown) => error instanceof ImportError && /no end-of-central-directory|damaged/.test(error.message));
  const damaged = Buffer.from(zip);
  // Flip a byte inside the deflated data (after the 30-byte local header and the 18-byte name).
  damaged[60] = (damaged[60] ?? 0) ^ 0xff;
  assert.throws(() => zipEntry(damaged, 'eurofxref-hist.csv'), (error: unknown) => error instanceof ImportError && /eurofxref-hist\.csv/.test(error.message));
  assert.throws(() => zipEntry(zip, 'eurofxref.csv'), /no entry "eurofxref.csv" in the archive \(it holds "eurofxref-hist.csv"\)/);
  assert.throws(() => zipEntry(Buffer.from('<html><body>Service unavailable</body></html>'), 'eurofxref-hist.csv'), ImportError);
});

test('eurofxref-daily.xml: every currency of the day becomes its dollar cross, from the published figures', () => {
  const rates = parseEurofxrefXml(DAILY_XML, 'eurofxref-daily.xml');
  const published = new Map([...DAILY_XML.matchAll(/currency='([A-Z]{3})' rate='([\d.]+)'/g)].map((m) => [m[1] ?? '', Number(m[2])]));
  assert.equal(published.size, 30);
  assert.equal(rates.length, 30, 'EUR/USD and one cross for each of the other 29 currencies');
  assert.ok(rates.every((rate) => rate.date === '2024-06-28'));
  const usd = published.get('USD') ?? NaN;
  const pair = (name: string) => rates.find((rate) => rate.pair === name)?.close;
  assert.equal(pair('EUR/USD'), 1.0705);
  assert.ok(Math.abs((pair('USD/JPY') ?? 0) - 171.94 / usd) < 1e-3);
  assert.ok(Math.abs((pair('GBP/USD') ?? 0) - usd / 0.84638) < 1e-5, 'GBP is quoted per pound');
});

test('an ECB XML whose layout changed, that was cut short, or that is an HTML page is refused naming the place', () => {
  const refused = (content: string, message: RegExp) =>
    assert.throws(() => parseEurofxrefXml(content, 'eurofxref-daily.xml'), (error: unknown) => error instanceof ImportError && message.test(error.message));
  refused('<!DOCTYPE html><html><body>Maintenance</body></html>', /eurofxref-daily\.xml: line 1: not the ECB's gesmes:Envelope/);
  refused(DAILY_XML.slice(0, DAILY_XML.indexOf("<Cube currency='HUF'")), /ends before <\/gesmes:Envelope>/);
  refused(DAILY_XML.replace("rate='171.94'", "rate='171,94'"), /line 10: JPY rate "171,94" is not a positive number/);
  refused(DAILY_XML.replace("time='2024-06-28'", "time='2024-02-30'"), /line 8: time "2024-02-30" is not a calendar date/);
  refused(DAILY_XML.replace(/<Cube time='2024-06-28'>[\s\S]*?<\/Cube>\s*<\/Cube>/, '</Cube>'), /no <Cube time='…'> day/);
});

test('after the ECB sources run, the FX table shows exactly the published rates', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T18:00:00.000Z' });
  const key = await hub.key();
  const hist = await collectFromRoutes(ecbHistSource);
  assert.equal((await importPayloads(hub, hist.result.payloads))[0]?.status, 'loaded');
  const lines = HIST_CSV.split('\n');
  const usdColumn = lines[0]?.split(',').indexOf('USD') ?? -1;
  const usdOn = (line: number) => Number(lines[line]?.split(',')[usdColumn]);
  let table = (await hub.get('/openapi/v1/fx/table?pairs=EUR/USD', key)).json().data;
  assert.equal(table.asOf, '2026-06-19');
  assert.equal(table.rows[0].lastPrice, usdOn(1));
  assert.deepEqual(table.rows[0].sparkline10d, [4, 3, 2, 1].map(usdOn), 'oldest first, the four days of the sample');

  // The next working day's daily file (the recorded one, dated the 22nd) moves the table on.
  hub.clock.set('2026-06-22T18:00:00.000Z');
  const daily = await collectFromRoutes(ecbDailySource);
  const nextDay = daily.result.payloads.map((payload) => ({ ...payload, content: Buffer.from(payloadBytes(payload).toString('utf8').replace("time='2024-06-28'", "time='2026-06-22'")) }));
  await importPayloads(hub, nextDay, new Date('2026-06-22T14:00:00Z'));
  table = (await hub.get('/openapi/v1/fx/table?pairs=EUR/USD,USD/JPY', key)).json().data;
  assert.equal(table.asOf, '2026-06-22');
  assert.equal(table.rows[0].lastPrice, 1.0705);
  assert.ok(Math.abs(table.rows[1].lastPrice - 171.94 / 1.0705) < 1e-3);
});
