import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { startPublisherDouble } from '../../helpers/publisher-double.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { coingeckoMarketsImporter } from '../../../src/ingest/importers/crypto/coingecko-markets.ts';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { coingeckoMarkets, type CoinGeckoMarketsFile } from '../../../src/ingest/importers/crypto/coingecko-markets.ts';
import { coingeckoMarketsSource } from '../../../src/ingest/sources/coingecko/index.ts';
import { ImportError } from '../../../src/ingest/source.ts';

interface Coin {
  id: string;
  symbol: string;
  name: string;
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
  assert.deepEqual(
    requests.map((r) => new URL(r.url).searchParams.get('page')),
    ['1', '2'],
  );
  const [payload] = result.payloads;
  assert.equal(payload?.importer.dataset, 'coingecko-markets');
  assert.equal(payload?.archiveHashes.length, 2);
  const merged = payloadRecords<CoinGeckoMarketsFile>(payload);
  assert.deepEqual(merged, coingeckoMarkets([...page(1), ...page(2).filter((coin) => !page(1).some((first) => first.id === coin.id))]));
  assert.deepEqual(
    merged.coins.map((c) => c.id),
    ['bitcoin', 'ethereum', 'tether', 'binancecoin'],
    'some-unlisted-token has no market cap',
  );
  assert.equal(merged.coins[2]?.price, page(1)[2]?.current_price, "tether keeps page 1's entry");
  await assert.rejects(
    collectFromRoutes(coingeckoMarketsSource, { params: { pages: 0 } }),
    /\/sources\/coingecko-markets\/params\/pages: must be >= 1 \(got 0\)/,
  );
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
  await assert.rejects(
    answering('<html><body>Just a moment...</body></html>'),
    (error: unknown) => error instanceof ImportError && /^coins\/markets page 1: not JSON/.test(error.message),
  );
  await assert.rejects(
    answering('{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}'),
    (error: unknown) => error instanceof ImportError && /^coins\/markets page 1: \/: expected array \(got \{"status":/.test(error.message),
  );
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

/** A hub with no demo, the sources file pointing CoinGecko at the double, and the sync service on both. */
async function coingeckoHub(t: TestContext) {
  const double = await startPublisherDouble({ publishers: ['coingecko'] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-coingecko-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify({ publishers: { coingecko: { baseUrl: double.baseUrl, minRequestIntervalMs: 0 } } }));
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '0' } });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  const key = await hub.key();
  const answers = async () => Promise.all(['/openapi/v1/crypto', '/openapi/v1/crypto/bubble-map'].map(async (path) => (await hub.get(path, key)).body));
  const run = async () => {
    const [outcome] = await sync.run(['coingecko-markets']);
    return outcome;
  };
  return { double, run, answers };
}

const MARKETS_PATH = '/api/v3/coins/markets';

/** `n` coins in CoinGecko's layout, made from page 1's first. */
function coins(n: number): Coin[] {
  const [first] = page(1);
  return Array.from({ length: n }, (_, i) => ({ ...(first as Coin), id: `coin-${i}`, symbol: `c${i}`, name: `Coin ${i}`, market_cap: 1e9 - i }));
}

test('a page with more coins than per_page asked for fails the run with both figures; the crypto endpoints answer as before', async (t) => {
  const { double, run, answers } = await coingeckoHub(t);
  assert.equal((await run())?.status, 'succeeded');
  const before = await answers();
  double.setBody(MARKETS_PATH, JSON.stringify(coins(4308)));
  const outcome = await run();
  assert.equal(outcome?.status, 'failed');
  assert.match(outcome?.status === 'failed' ? outcome.error : '', /CoinGecko answered 4,308 coins to per_page=250 on page 1/);
  assert.deepEqual(await answers(), before, 'nothing of the refused answer is served');
});

test('a snapshot ten times the last good run, or a tenth of it, is refused with both figures; the crypto endpoints answer as before', async (t) => {
  const { double, run, answers } = await coingeckoHub(t);
  assert.equal((await run())?.status, 'succeeded', 'the last good run: 3 coins');
  const before = await answers();
  double.setBody(MARKETS_PATH, JSON.stringify(coins(30)));
  const outcome = await run();
  assert.equal(outcome?.status, 'failed');
  assert.match(outcome?.status === 'failed' ? outcome.error : '', /CoinGecko answered 30 coins, 10× or more the last good run's 3/);
  assert.deepEqual(await answers(), before);
  // Nine times more is plausible (a listing that grew): served, and now the measure.
  double.setBody(MARKETS_PATH, JSON.stringify(coins(27)));
  assert.equal((await run())?.status, 'succeeded');
  double.setBody(MARKETS_PATH, JSON.stringify(coins(2)));
  const shrunk = await run();
  assert.match(shrunk?.status === 'failed' ? shrunk.error : '', /CoinGecko answered 2 coins, a tenth or less of the last good run's 27/);
  // Other parameters ask for another snapshot: the last one is no measure of it.
  const { result } = await collectFromRoutes(coingeckoMarketsSource, { params: { perPage: 3 }, cursor: { coins: 250, asked: 250 } });
  assert.deepEqual(result.cursor, { coins: 3, asked: 3 }, 'a tenth of 250, but asked otherwise: accepted');
});

test('a page over 5 MB is refused as it arrives, with the bound and why; the served market is unchanged', async (t) => {
  const { double, run, answers } = await coingeckoHub(t);
  assert.equal((await run())?.status, 'succeeded');
  const before = await answers();
  double.setBody(MARKETS_PATH, `[${' '.repeat(6 * 1024 * 1024)}]`);
  const refused = await run();
  assert.equal(refused?.status, 'failed');
  assert.match(
    refused?.status === 'failed' ? refused.error : '',
    /(the answer (is [\d,]+ KiB, more than|passed)|the gzip body decodes to more than) the 5120 KiB allowed \(a page of 250 coins is about 250 KB\)/,
  );
  assert.deepEqual(await answers(), before);
});

test('a coin with no last_updated (or no price, no market cap) is skipped and counted; the others are served', async (t) => {
  const { double, run, answers } = await coingeckoHub(t);
  const [bitcoin, ...others] = page(1) as (Coin & { last_updated: string | null })[];
  double.setBody(
    MARKETS_PATH,
    JSON.stringify(
      [{ ...bitcoin, last_updated: null }, ...others, { ...bitcoin, id: 'no-cap', symbol: 'nocap' }].map((c) =>
        c.id === 'no-cap' ? { ...c, market_cap: undefined } : c,
      ),
    ),
  );
  const outcome = await run();
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  assert.equal(outcome?.status === 'succeeded' ? outcome.rowsAdded : 0, 2, 'two coins served');
  assert.deepEqual(
    outcome?.status === 'succeeded' ? outcome.notes : [],
    ['coins-markets.json: 2 coin(s) skipped: no price, market cap or last_updated'],
    'the skipped coins are counted in the outcome',
  );
  const bubble = JSON.parse((await answers())[1] ?? '').data as { coins: { symbol: string }[] };
  assert.deepEqual(bubble.coins.map((c) => c.symbol).sort(), ['ETH', 'USDT']);
  const parsed = coingeckoMarketsImporter.parse(JSON.stringify([{ ...bitcoin, last_updated: null }, ...others]), 'coins-markets.json');
  assert.equal(parsed.skipped, 1);
  assert.throws(
    () => coingeckoMarketsImporter.parse(JSON.stringify([{ ...bitcoin, last_updated: null }]), 'coins-markets.json'),
    /no coin with a price, a market cap and a last_updated \(1 of 1 skipped\)/,
  );
});
