import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample } from '../../helpers/routes-fetch.ts';
import { ecbDailySource, ecbHistSource } from '../../../src/ingest/sources/ecb/index.ts';
import { fredDollarIndexSource } from '../../../src/ingest/sources/fred/index.ts';
import { DOLLAR_INDEX_REPLICA_LABEL, dollarIndexReplica } from '../../../src/domains/fx/dollar-index-replica.ts';
import { zipEntry } from '../../../src/ingest/sources/zip-entry.ts';

const KEY = { FRED_API_KEY: 'abcdefghijklmnopqrstuvwxyz123456' };
const HIST_CSV = zipEntry(publisherSample('ecb', 'eurofxref-hist.zip'), 'eurofxref-hist.csv').toString('utf8');
/** The rates of the daily file (2026-03-23), the samples' newest day: currency → units per euro. */
const DAILY_PER_EURO = new Map(
  [
    ...publisherSample('ecb', 'eurofxref-daily.xml')
      .toString('utf8')
      .matchAll(/currency='([A-Z]{3})' rate='([\d.]+)'/g),
  ].map((m) => [m[1] ?? '', Number(m[2])] as const),
);

/** The ECB's rates of `date` in the sample, currency → units per euro. */
function perEuroOn(date: string): Map<string, number> {
  const [header = '', ...lines] = HIST_CSV.split('\n');
  const cells = (lines.find((line) => line.startsWith(`${date},`)) ?? '').split(',');
  return new Map(header.split(',').flatMap((currency, i) => (i === 0 || !/^\d/.test(cells[i] ?? '') ? [] : [[currency, Number(cells[i])] as const])));
}

test("the replica is ICE's published formula over the ECB's six rates, to five significant digits", () => {
  const day = perEuroOn('2024-08-12');
  const usd = day.get('USD') ?? NaN;
  const perDollar = (currency: string) => (currency === 'EUR' ? 1 / usd : (day.get(currency) ?? NaN) / usd);
  // ICE: 50.14348112 × EURUSD^-0.576 × USDJPY^0.136 × GBPUSD^-0.119 × USDCAD^0.091 × USDSEK^0.042 × USDCHF^0.036.
  const ice =
    50.14348112 *
    usd ** -0.576 *
    perDollar('JPY') ** 0.136 *
    (1 / perDollar('GBP')) ** -0.119 *
    perDollar('CAD') ** 0.091 *
    perDollar('SEK') ** 0.042 *
    perDollar('CHF') ** 0.036;
  assert.equal(dollarIndexReplica(day), Number(ice.toPrecision(5)));
  assert.ok(ice > 95 && ice < 110, `${ice}: the level of the dollar index in August 2024`);
  const withoutSek = new Map(day);
  withoutSek.delete('SEK');
  assert.equal(dollarIndexReplica(withoutSek), undefined, 'a missing leg leaves the day without a figure');
});

test('/fx/summary and /commodities/gold-dxy serve the replica, labelled; /fx/summary has its EM stress level; the Fed broad index is a fact of its own', async (t) => {
  const hub = await createTestHub(t, { now: '2026-03-24T12:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const key = await hub.key();
  for (const source of [ecbHistSource, ecbDailySource])
    await importPayloads(hub, (await collectFromRoutes(source)).result.payloads, new Date('2026-03-24T11:00:00Z'));
  const fred = await collectFromRoutes(fredDollarIndexSource, { credentials: KEY });
  assert.deepEqual(
    fred.requests.map((request) => new URL(request.url).searchParams.get('series_id')),
    ['DTWEXBGS'],
  );
  await importPayloads(hub, fred.result.payloads, new Date('2026-03-24T11:00:00Z'));
  const data = async (path: string) => (await hub.get(`/openapi/v1${path}`, key)).json().data;

  const summary = await data('/fx/summary');
  const latest = dollarIndexReplica(DAILY_PER_EURO);
  assert.deepEqual([summary.dxy.value, summary.dxy.asOf, summary.dxy.source], [latest, '2026-03-23', DOLLAR_INDEX_REPLICA_LABEL]);
  assert.ok(['STABLE', 'WARNING', 'PANIC'].includes(summary.emStress.level), 'the ECB history gives the EM pairs their full baseline');

  const goldDxy = await data('/commodities/gold-dxy');
  const dxy = goldDxy.series.dxy;
  assert.equal(dxy[dxy.length - 1].value, latest, 'one figure, one value');

  const table = await data('/fx/table?pairs=DTWEXBGS,DXY');
  const rows = new Map((table.rows as { pair: string; lastPrice: number }[]).map((row) => [row.pair, row.lastPrice]));
  assert.equal(rows.get('DTWEXBGS'), 122.9805, "FRED's DTWEXBGS of 2024-10-11, as published");
  assert.equal(rows.get('DXY'), latest);
  const correlation = await data('/fx/correlation?assets=DXY,DTWEXBGS,EUR/USD');
  assert.ok(
    correlation.matrix.flat().every((r: number | null) => typeof r === 'number'),
    'the two dollar indexes and EUR/USD over their common days',
  );
  assert.notEqual(summary.dxy.value, 122.9805);
});
