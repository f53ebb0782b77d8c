import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { coinMetricsBtcSource } from '../../../src/ingest/sources/coinmetrics/index.ts';
import { coingeckoMarketsSource } from '../../../src/ingest/sources/coingecko/index.ts';
import { type CoinMetricsRow, coinMetricsPoints, parseCoinMetricsAssetMetrics } from '../../../src/ingest/importers/crypto/coinmetrics-asset-metrics.ts';
import { ImportError } from '../../../src/ingest/source.ts';

type Row = CoinMetricsRow & Record<string, string>;
const page = (n: number) => (JSON.parse(publisherSample('coinmetrics', `asset-metrics-btc-page${n}.json`).toString('utf8')) as { data: Row[] }).data;

test('Coin Metrics is asked for btc daily market cap, MVRV, hash rate and active addresses; pages are followed by next_page_token and merged', async () => {
  const { result, requests } = await collectFromRoutes(coinMetricsBtcSource);
  assert.equal(requests.length, 2);
  const [first, second] = requests.map((r) => new URL(r.url));
  assert.equal(first?.pathname, '/v4/timeseries/asset-metrics');
  assert.deepEqual(Object.fromEntries(first?.searchParams ?? []), {
    assets: 'btc',
    metrics: 'AdrActCnt,CapMrktCurUSD,CapMVRVCur,HashRate',
    frequency: '1d',
    page_size: '10000',
  });
  assert.equal(second?.searchParams.get('next_page_token'), 'MjAyMC0wMy0yOFQwMDowMDowMFo');
  assert.equal(second?.host, 'publisher.test', 'the next page is asked at the configured base URL, not at next_page_url');
  const [payload] = result.payloads;
  assert.equal(payload?.importer.dataset, 'coinmetrics-asset-metrics');
  assert.equal(payload?.archiveHashes.length, 2);
  assert.deepEqual(payloadRecords(payload), coinMetricsPoints([...page(1), ...page(2)], 'asset-metrics-btc.json'), 'both pages, read once into points');
  assert.deepEqual(result.cursor, { lastTime: '2020-03-29T00:00:00.000000000Z' });
});

test('a later run asks from the newest day loaded on (start_time), that day included', async () => {
  const { requests } = await collectFromRoutes(coinMetricsBtcSource, { cursor: { lastTime: '2020-03-29T00:00:00.000000000Z' } });
  assert.equal(new URL(requests[0]?.url ?? '').searchParams.get('start_time'), '2020-03-29');
  await assert.rejects(
    collectFromRoutes(coinMetricsBtcSource, { params: { pageSize: 0 } }),
    /\/sources\/coinmetrics-btc\/params\/pageSize: must be >= 1 \(got 0\)/,
  );
});

test('an HTML page, a Coin Metrics error object or a changed layout served with 200 fails the run with a readable reason', async () => {
  const answering = (body: string) =>
    coinMetricsBtcSource.collect({
      baseUrl: 'http://publisher.test',
      params: coinMetricsBtcSource.defaultParams,
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
    });
  await assert.rejects(
    answering('<!DOCTYPE html><title>Cloudflare</title>'),
    (error: unknown) => error instanceof ImportError && /^asset-metrics-btc\.json page 1: not JSON/.test(error.message),
  );
  await assert.rejects(
    answering('{"error":{"type":"forbidden","message":"Requested resource is not available with supplied credentials."}}'),
    (error: unknown) => error instanceof ImportError && /answered with the error forbidden: Requested resource is not available/.test(error.message),
  );
  await assert.rejects(
    answering('{"series":[]}'),
    (error: unknown) => error instanceof ImportError && /^asset-metrics-btc\.json page 1: \/data: is missing/.test(error.message),
  );
});

test('the importer: realized cap is CapRealUSD when given, else market cap / MVRV; a null is no point (never 0); bad values are refused naming the row', () => {
  const file = (rows: unknown[]) => JSON.stringify({ data: rows });
  const day = { asset: 'btc', time: '2020-03-28T00:00:00.000000000Z' };
  const withRealized = parseCoinMetricsAssetMetrics(file([{ ...day, CapRealUSD: '101531421028.64', CapMrktCurUSD: '1', CapMVRVCur: '1' }]), 'f.json');
  assert.deepEqual(withRealized, [{ metric: 'btc_realized_cap', at: '2020-03-28T00:00:00.000Z', value: 101531421028.64 }]);
  const nulls = parseCoinMetricsAssetMetrics(
    file([{ ...day, CapMrktCurUSD: '113993258453.11', CapMVRVCur: null, HashRate: null, AdrActCnt: '627230' }]),
    'f.json',
  );
  assert.deepEqual(nulls, [{ metric: 'btc_active_addresses', at: '2020-03-28T00:00:00.000Z', value: 627230 }]);
  const cases: [unknown[], RegExp][] = [
    [[{ ...day, asset: 'eth' }], /data row 1: asset "eth" is not btc/],
    [[{ ...day, time: '2020-03-28' }], /data row 1: time "2020-03-28" is not an ISO 8601 date-time/],
    [[{ ...day, HashRate: 'n/a' }], /data row 1: HashRate: crypto\.metric:btc_hashrate "n\/a" is not a decimal number/],
    [[{ ...day, CapMrktCurUSD: '1', CapMVRVCur: '0' }], /data row 1: CapMVRVCur "0" is not positive/],
    [[day, day], /data row 2: 2020-03-28T00:00:00.000Z appears twice/],
  ];
  for (const [rows, message] of cases) {
    assert.throws(
      () => parseCoinMetricsAssetMetrics(file(rows), 'f.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  }
});

test('after the Coin Metrics source runs, the on-chain endpoint shows exactly the fetched figures; MVRV/NUPL derive from them and the market cap; unfed figures are null', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(coinMetricsBtcSource);
  const [loaded] = await importPayloads(hub, result.payloads);
  assert.equal(loaded?.rows, 9, 'three days of realized cap, hash rate and active addresses');
  const newest = page(2)[0] as Row;
  const realized = Number(newest.CapMrktCurUSD) / Number(newest.CapMVRVCur);
  const key = await hub.key();
  const onchain = async () => (await hub.get('/openapi/v1/crypto/onchain', key)).json().data;
  const before = await onchain();
  assert.deepEqual(before.btcHashrate, { value: Math.round((Number(newest.HashRate) / 1e6) * 100) / 100, unit: 'EH/s' });
  assert.equal(before.btcActiveAddresses, Number(newest.AdrActCnt));
  assert.equal(before.mvrv, null, 'no market snapshot yet: nothing to divide');
  assert.equal(before.ethGas, null);
  assert.equal(before.whaleTxCount, null);

  await importPayloads(hub, (await collectFromRoutes(coingeckoMarketsSource)).result.payloads);
  const btcCap = 1254560380643; // bitcoin's market cap in the CoinGecko sample
  const after = await onchain();
  assert.equal(after.mvrv.value, Math.round((btcCap / realized) * 1e4) / 1e4);
  assert.equal(after.nupl.value, Math.round(((btcCap - realized) / btcCap) * 1e4) / 1e4);
});

test('a page that repeats the token it was asked with fails the run instead of looping', async () => {
  const looping = JSON.stringify({ data: [], next_page_token: 'same' });
  await assert.rejects(
    coinMetricsBtcSource.collect({
      baseUrl: 'http://publisher.test',
      params: coinMetricsBtcSource.defaultParams,
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(looping), archiveHash: 'x' }),
    }),
    (error: unknown) => error instanceof ImportError && /page 2: Coin Metrics gave the same next_page_token again/.test(error.message),
  );
});
