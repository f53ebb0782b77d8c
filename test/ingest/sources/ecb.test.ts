import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadBytes } from '../../helpers/routes-fetch.ts';
import { ecbDailySource, ecbHistSource, ecbSources } from '../../../src/ingest/sources/ecb/index.ts';
import { zipEntry } from '../../../src/ingest/sources/zip-entry.ts';
import { parseEurofxrefXml } from '../../../src/ingest/importers/fx/ecb-eurofxref-xml.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const HIST_CSV = zipEntry(publisherSample('ecb', 'eurofxref-hist.zip'), 'eurofxref-hist.csv').toString('utf8');
const DAILY_XML = publisherSample('ecb', 'eurofxref-daily.xml').toString('utf8');
/** The sample's line of `date`, as the ECB published it: currency → rate text. */
function publishedOn(date: string): Map<string, string> {
  const [header = '', ...lines] = HIST_CSV.split('\n');
  const line = lines.find((l) => l.startsWith(`${date},`)) ?? '';
  const cells = line.split(',');
  return new Map(header.split(',').map((currency, i) => [currency, cells[i] ?? '']));
}

test('ecb-eurofxref-hist asks for the published zip conditionally and hands on the CSV inside it', async () => {
  const { result, requests } = await collectFromRoutes(ecbHistSource);
  assert.deepEqual(
    requests,
    [{ url: 'http://publisher.test/stats/eurofxref/eurofxref-hist.zip' }],
    'no conditional: false, so the runner sends its validators',
  );
  assert.equal(result.payloads.length, 1);
  const [payload] = result.payloads;
  assert.equal(payload?.importer.dataset, 'ecb-eurofxref');
  assert.equal(payload?.fileName, 'eurofxref-hist.csv');
  assert.equal(payloadBytes(payload).toString('utf8'), HIST_CSV);
  assert.match(HIST_CSV, /^Date,USD,JPY,BGN,/);
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
  assert.throws(
    () => zipEntry(zip.subarray(0, zip.length - 30), 'eurofxref-hist.csv'),
    (error: unknown) => error instanceof ImportError && /no end-of-central-directory|damaged/.test(error.message),
  );
  const damaged = Buffer.from(zip);
  // Flip a byte inside the deflated data (after the 30-byte local header and the 18-byte name).
  damaged[60] = (damaged[60] ?? 0) ^ 0xff;
  assert.throws(
    () => zipEntry(damaged, 'eurofxref-hist.csv'),
    (error: unknown) => error instanceof ImportError && /eurofxref-hist\.csv/.test(error.message),
  );
  assert.throws(() => zipEntry(zip, 'eurofxref.csv'), /no entry "eurofxref.csv" in the archive \(it holds "eurofxref-hist.csv"\)/);
  assert.throws(() => zipEntry(Buffer.from('<html><body>Service unavailable</body></html>'), 'eurofxref-hist.csv'), ImportError);
});

test('eurofxref-daily.xml: every rate is kept as published (EUR base), each dollar pair derived to five significant digits, known at 16:00 Frankfurt time', () => {
  const rates = parseEurofxrefXml(DAILY_XML, 'eurofxref-daily.xml');
  const published = new Map([...DAILY_XML.matchAll(/currency='([A-Z]{3})' rate='([\d.]+)'/g)].map((m) => [m[1] ?? '', Number(m[2])]));
  assert.equal(published.size, 29, 'no BGN since 2026-01-01');
  const close = (instrument: string) => rates.find((rate) => rate.instrument === instrument)?.close;
  for (const [currency, rate] of published) assert.equal(close(`fx:EUR/${currency}`), rate, `EUR/${currency} as published`);
  assert.equal(rates.length, 29 + 28 + 1, 'the 29 euro rates, the dollar pair of the 28 others, the dollar-index replica');
  assert.ok(rates.every((rate) => rate.date === '2026-03-23'));
  // 16:00 CET on 23 March 2026 (summer time starts on the 29th) is 15:00 UTC.
  assert.ok(rates.every((rate) => rate.knowledgeAt === '2026-03-23T15:00:00.000Z'));
  assert.equal(close('fx:USD/JPY'), Number((183.86 / 1.1596).toPrecision(5)));
  assert.equal(close('fx:GBP/USD'), Number((1.1596 / 0.8642).toPrecision(5)), 'GBP is quoted per pound');
  assert.equal(close('fx:USD/IDR'), Number((19593.01 / 1.1596).toPrecision(5)));
  const replica = rates.find((rate) => rate.instrument === 'index:USDX-ECB-REPLICA');
  assert.match(replica?.label ?? '', /^Replica of the ICE U\.S\. Dollar Index/);
});

test('a summer day is known at 16:00 CEST, 14:00 UTC', () => {
  const summer = DAILY_XML.replace("time='2026-03-23'", "time='2024-06-28'");
  assert.ok(parseEurofxrefXml(summer, 'eurofxref-daily.xml').every((rate) => rate.knowledgeAt === '2024-06-28T14:00:00.000Z'));
});

test('an ECB XML whose layout changed, that was cut short, or that is an HTML page is refused naming the place', () => {
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseEurofxrefXml(content, 'eurofxref-daily.xml'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused('<!DOCTYPE html><html><body>Maintenance</body></html>', /eurofxref-daily\.xml: line 1: not the ECB's gesmes:Envelope/);
  refused(DAILY_XML.slice(0, DAILY_XML.indexOf("<Cube currency='HUF'")), /ends before <\/gesmes:Envelope>/);
  refused(DAILY_XML.replace("rate='183.86'", "rate='183,86'"), /line 10: fx\.close:EUR\/JPY "183,86" is not a decimal number/);
  refused(DAILY_XML.replace("time='2026-03-23'", "time='2024-02-30'"), /line 8: time "2024-02-30" is not a calendar date/);
  refused(DAILY_XML.replace(/<Cube time='2026-03-23'>[\s\S]*?<\/Cube>\s*<\/Cube>/, '</Cube>'), /no <Cube time='…'> day/);
});

test("after the ECB sources run, every endpoint shows the ECB's own EUR/GBP, EUR/JPY and EUR/USD, one value per pair and day", async (t) => {
  const hub = await createTestHub(t, { now: '2026-03-24T12:00:00.000Z' });
  const key = await hub.key();
  for (const source of [ecbHistSource, ecbDailySource]) {
    const { result } = await collectFromRoutes(source);
    assert.equal((await importPayloads(hub, result.payloads, new Date('2026-03-24T11:00:00Z')))[0]?.status, 'loaded', source.id);
  }
  const data = async (path: string) => (await hub.get(`/openapi/v1${path}`, key)).json().data;

  // The latest day, 2026-03-23 (the daily file; the history ends 2026-03-05), in the table: the stored pairs as published.
  const latest = new Map([...DAILY_XML.matchAll(/currency='([A-Z]{3})' rate='([\d.]+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
  const table = await data('/fx/table?pairs=EUR/GBP,EUR/JPY,EUR/USD,USD/JPY');
  const row = (pair: string) => table.rows.find((r: { pair: string }) => r.pair === pair);
  assert.equal(row('EUR/GBP').lastPrice, Number(latest.get('GBP')));
  assert.equal(row('EUR/JPY').lastPrice, Number(latest.get('JPY')));
  assert.equal(row('EUR/USD').lastPrice, Number(latest.get('USD')));
  assert.equal(row('USD/JPY').lastPrice, Number((Number(latest.get('JPY')) / Number(latest.get('USD'))).toPrecision(5)));

  // 2024-08-12 (EUR/GBP 0.85554, EUR/JPY 161.25 as published), on the macro endpoints.
  const day = publishedOn('2024-08-12');
  assert.equal(day.get('GBP'), '0.85554');
  assert.equal(day.get('JPY'), '161.25');
  const pointOn = async (base: string, quote: string) => {
    const points = await data(`/macro/exchange-rate?currency1=${base}&currency2=${quote}&period=1M&asOf=2024-08-12`);
    return points.find((p: { date: string }) => p.date.startsWith('2024-08-12'))?.close;
  };
  assert.equal(await pointOn('EUR', 'GBP'), 0.85554);
  assert.equal(await pointOn('EUR', 'JPY'), 161.25);
  assert.equal(await pointOn('EUR', 'USD'), Number(day.get('USD')));
  // A pair the ECB does not publish is one cross of its two euro legs, to five significant digits.
  assert.equal(await pointOn('GBP', 'JPY'), Number((161.25 / 0.85554).toPrecision(5)));
  const recap = await data('/macro/market-recap?asOf=2024-08-12');
  assert.equal(recap.currencyRate.find((i: { index: string }) => i.index === 'EUR/JPY')?.value, 161.25);
  assert.equal(recap.currencyRate.find((i: { index: string }) => i.index === 'USD/JPY')?.value, Number((161.25 / Number(day.get('USD'))).toPrecision(5)));

  // USD/JPY of the latest day is one value on the table, the summary and the macro series.
  const summary = await data('/fx/summary');
  assert.equal(summary.usdJpy.value, row('USD/JPY').lastPrice);
  const usdJpy = await data('/macro/exchange-rate?currency1=USD&currency2=JPY&period=1M');
  assert.equal(usdJpy[usdJpy.length - 1].close, row('USD/JPY').lastPrice);
});

test("asOf on an FX endpoint returns the rates published by the end of that day, not the next day's", async (t) => {
  const hub = await createTestHub(t, { now: '2026-03-09T12:00:00.000Z' });
  const key = await hub.key();
  const { result } = await collectFromRoutes(ecbHistSource);
  // Imported long after: each rate is still known from its own publication.
  await importPayloads(hub, result.payloads, new Date('2026-03-09T11:00:00Z'));
  const answer = (await hub.get('/openapi/v1/macro/exchange-rate?currency1=EUR&currency2=USD&period=1M&asOf=2024-08-12', key)).json();
  const dates = answer.data.map((p: { date: string }) => p.date.slice(0, 10));
  assert.equal(dates[dates.length - 1], '2024-08-12');
  assert.ok(!dates.includes('2024-08-13'));
  assert.equal(answer.data[answer.data.length - 1].close, Number(publishedOn('2024-08-12').get('USD')));
  assert.equal(answer.meta.knowledgeAt, '2024-08-12T14:00:00.000Z', 'the ECB publication of 12 August, 16:00 CEST');
});
