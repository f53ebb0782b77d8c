import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads } from '../../helpers/routes-fetch.ts';
import { binanceFuturesSource } from '../../../src/ingest/sources/binance/index.ts';
import { parseBinanceFundingRates, parseBinanceOpenInterest } from '../../../src/ingest/importers/crypto/binance-futures.ts';
import { ImportError } from '../../../src/ingest/source.ts';

test("Binance is asked for the present open interest and the funding rates of BTCUSDT and ETHUSDT; each endpoint's answers travel as one array", async () => {
  const { result, requests } = await collectFromRoutes(binanceFuturesSource);
  assert.deepEqual(
    requests.map((r) => {
      const url = new URL(r.url);
      return `${url.pathname}?${url.searchParams.toString()}`;
    }),
    [
      '/fapi/v1/openInterest?symbol=BTCUSDT',
      '/fapi/v1/openInterest?symbol=ETHUSDT',
      '/fapi/v1/fundingRate?symbol=BTCUSDT&limit=1000',
      '/fapi/v1/fundingRate?symbol=ETHUSDT&limit=1000',
    ],
  );
  assert.ok(
    requests.every((r) => r.conditional === false && r.headers === undefined),
    'keyless, never conditional',
  );
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.archiveHashes.length]),
    [
      ['binance-open-interest', 2],
      ['binance-funding-rate', 2],
    ],
  );
  assert.deepEqual(result.cursor, { lastFundingTime: { BTCUSDT: 1570636800000, ETHUSDT: 1617321600000 } });
});

test('a later run asks only the funding rates after the newest funding time loaded', async () => {
  const { requests } = await collectFromRoutes(binanceFuturesSource, { cursor: { lastFundingTime: { BTCUSDT: 1570636800000, ETHUSDT: 1617321600000 } } });
  const starts = requests.filter((r) => r.url.includes('fundingRate')).map((r) => new URL(r.url).searchParams.get('startTime'));
  assert.deepEqual(starts, ['1570636800001', '1617321600001']);
});

test('an HTML page, a Binance error object or a changed layout served with 200 fails the run with a readable reason', async () => {
  const answering = (body: (url: string) => string) =>
    binanceFuturesSource.collect({
      baseUrl: 'http://publisher.test',
      params: {},
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body(request.url)), archiveHash: 'x' }),
    });
  const openInterest = '{"symbol":"BTCUSDT","openInterest":"96012.544","time":1790287793703}';
  await assert.rejects(
    answering(() => '<html><body><h1>403 Forbidden</h1></body></html>'),
    (error: unknown) => error instanceof ImportError && /^openInterest BTCUSDT: not JSON/.test(error.message),
  );
  await assert.rejects(
    answering(() => '{"code":-1121,"msg":"Invalid symbol."}'),
    (error: unknown) => error instanceof ImportError && /^openInterest BTCUSDT: Binance answered with the error -1121: Invalid symbol\./.test(error.message),
  );
  await assert.rejects(
    answering((url) => (url.includes('openInterest') ? openInterest : '{"rates":[]}')),
    (error: unknown) => error instanceof ImportError && /^fundingRate BTCUSDT: \/: expected array \(got \{"rates":\[\]\}\)/.test(error.message),
  );
});

test('the importers refuse an unknown symbol, a value that is not a number, a bad time and a point given twice, naming the place', () => {
  const oi = (items: unknown[]) => parseBinanceOpenInterest(JSON.stringify(items), 'openInterest.json');
  const funding = (items: unknown[]) => parseBinanceFundingRates(JSON.stringify(items), 'fundingRate.json');
  const good = { symbol: 'BTCUSDT', openInterest: '96012.544', time: 1790287793703 };
  assert.deepEqual(oi([good]), [{ metric: 'btc_open_interest', at: '2026-09-24T22:09:53.703Z', value: 96012.544 }]);
  const cases: [() => unknown, RegExp][] = [
    [() => oi([{ ...good, symbol: 'SOLUSDT' }]), /answer 1: symbol "SOLUSDT" is not one of BTCUSDT, ETHUSDT/],
    [() => oi([{ ...good, openInterest: 'n/a' }]), /answer 1: BTCUSDT openInterest: crypto\.metric:btc_open_interest "n\/a" is not a decimal number/],
    [() => oi([{ ...good, time: '1790287793703' }]), /^openInterest\.json: \/0\/time: expected number \(got "1790287793703"\)/],
    [() => oi([good, good]), /answer 2: btc_open_interest at 2026-09-24T22:09:53.703Z appears twice/],
    [() => oi([]), /no open interest answer/],
    [
      () => funding([{ symbol: 'ETHUSDT', fundingRate: '', fundingTime: 1617321600000 }]),
      /record 1: ETHUSDT fundingRate: crypto\.metric:eth_funding_rate "" is not a decimal number/,
    ],
  ];
  for (const [run, message] of cases) assert.throws(run, (error: unknown) => error instanceof ImportError && message.test(error.message));
});

test('after the Binance source runs, the derivatives endpoint shows exactly the fetched open interest and latest funding rates; liquidations stay null', async (t) => {
  // The recorded ETH open interest is of 2026-09-24 22:09 UTC (BTC's of 2024-08-12): the hub is asked the day after.
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' }, now: '2026-09-25T00:00:00.000Z' });
  const { result } = await collectFromRoutes(binanceFuturesSource);
  const loaded = await importPayloads(hub, result.payloads);
  assert.deepEqual(
    loaded.map((l) => l.rows),
    [2, 3],
  );
  const data = (await hub.get('/openapi/v1/crypto/derivatives', await hub.key())).json().data;
  assert.deepEqual(data.openInterest, {
    btc: { symbol: 'BTCUSDT', value: '70056.543', unit: 'BTC' },
    eth: { symbol: 'ETHUSDT', value: '2273930.468', unit: 'ETH' },
  });
  // The newest BTCUSDT record is 0.0001 (2019-10-09 08:00 UTC), not the earlier -0.0375.
  assert.deepEqual(data.fundingRate, { btc: { rate: 0.0001, annualized: 10.95 }, eth: { rate: 0.00059142, annualized: 64.76049 } });
  assert.equal(data.liquidations24h, null, 'no OKX liquidation loaded: null, never 0');
  assert.deepEqual(data.putCallRatio, { btc: null });
});
