import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { coingeckoMarkets, type CoinGeckoMarketsFile } from '../../../src/ingest/importers/crypto/coingecko-markets.ts';
import { coingeckoMarketsSource } from '../../../src/ingest/sources/coingecko/index.ts';
import { ImportError } from '../../../src/ingest/source.ts';

interface Coin {
  id: string;
  symbol: string;
  current_price: number | null;
  market_cap: number | null;
  total_volume: number | null;
}
const page = (n: number) => JSON.parse(publisherSample('coingecko', `coins-markets-page${n}.json`).toString('utf8')) as Coin[];

test('coingecko-markets asks for the USD markets by market cap, 250 a page, with the demo key as CoinGecko documents it', async () => {
  const { result, requests } = await collectFromRoutes(coingeckoMarketsSource, { credentials: { COINGECKO_API_KEY: 'CG-demo-key' } });
  assert.equal(requests.length, 1, 'a short first page is the last one');
  const [request] = requests;
  const url = new URL(request?.url ?? '');
  assert.equal(url.pathname, '/api/v3/coins/markets');
  assert.deepEqual(Object.fromEntries(url.searchParams), { vs_currency: 'usd', order: 'market_cap_desc', per_page: '250', page: '1' });
  assert.deepEqual(request?.headers, { 'x-cg-demo-api-key': 'CG-demo-key' });
  assert.equal(request?.conditional, false);
  assert.deepEqual(payloadRecords(result.payloads[0]), coingeckoMarkets(page(1)), 'the page, read once into the snapshot');

  const keyless = await collectFromRoutes(coingeckoMarketsSource);
  assert.equal(keyless.requests[0]?.headers, undefined, 'no key, no header');
});

test('pages are merged into one snapshot; a coin met again on a later page keeps its first entry', async () => {
  const { result, requests } = await collectFromRoutes(coingeckoMarketsSource, { params: { pages: 2, perPage: 3 } });
  assert.deepEqual(requests.map((r) => new URL(r.url).searchParams.get('page')), ['1', '2']);
  const [payload] = result.payloads;
  assert.equal(payload?.importer.dataset, 'coingecko-markets');
  assert.equal(payload?.archiveHashes.length, 2);
  const merged = payloadRecords<CoinGeckoMarketsFile>(payload);
  assert.deepEqual(merged, coingeckoMarkets([...page(1), ...page(2).filter((coin) => !page(1).some((first) => first.id === coin.id))]));
  assert.deepEqual(merged.coins.map((c) => c.id), ['bitcoin', 'ethereum', 'tether', 'binancecoin'], 'some-unlisted-token has no market cap');
  assert.equal(merged.coins[2]?.price, page(1)[2]?.current_price, "tether keeps page 1's entry");
  await assert.rejects(collectFromRoutes(coingeckoMarketsSource, { params: { pages: 0 } }), /\/sources\/coingecko-markets\/params\/pages: must be >= 1 \(got 0\)/);
});

test('an HTML page or an error object served with 200 fails the CoinGecko run with a readable reason', async () => {
  const answering = (body: string) =>
    coingeckoMarketsSource.collect({
      baseUrl: 'http://publisher.test',
      params: coingeckoMarketsSource.defaultParams,
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
    });
  await assert.rejects(answering('<html><body>Just a moment...</body></html>'), (error: unknown) => error instanceof ImportError && /^coins\/markets page 1: not JSON/.test(error.message));
  await assert.rejects(answering('{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}'), (error: unknown) => error instanceof ImportError && /^coins\/markets page 1: \/: expected array \(got \{\"status\":/.test(error.message));
});

test('after the CoinGecko source runs, the crypto endpoints show exactly the fetched markets', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(coingeckoMarketsSource, { params: { pages: 2, perPage: 3 } });
  const [loaded] = await importPayloads(hub, result.payloads);
  assert.equal(loaded?.rows, 4, 'the coin CoinGecko lists without a price is skipped');
  const served = [...page(1), ...page(2).slice(1, 2)].filter((c): c is Coin & { market_cap: number } => c.market_cap !== null);
  const bubble = (await hub.get('/openapi/v1/crypto/bubble-map', await hub.key())).json().data as { coins: { symbol: string; size: number }[] };
  const largest = Math.max(...served.map((c) => c.market_cap));
  assert.deepEqual(
    bubble.coins.map((c) => [c.symbol, c.size]),
    served.map((c) => [c.symbol.toUpperCase(), Math.round(Math.sqrt(c.market_cap / largest) * 1e4) / 1e4]),
  );
});
