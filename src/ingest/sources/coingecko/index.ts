import { Type } from 'typebox';
import { ImportError } from '../../import-error.ts';
import { coingeckoMarkets, coingeckoMarketsImporter, CoinsMarketsSchema, type CoinGeckoCoin } from '../../importers/crypto/coingecko-markets.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { defineSource, parsedPayload, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { storedFacts } from '../../../facts/names.ts';

const API_KEY = 'COINGECKO_API_KEY';

/**
 * The most one page may weigh: a coin of /coins/markets is about 1 KB of JSON, so 250 coins are
 * about 250 KB; 5 MB leaves twenty times that, and refuses a 200 MB answer as it arrives.
 */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** A snapshot this many times larger or smaller than the last good run's, or more, is refused. */
const MAX_CHANGE = 10;

const COUNT = new Intl.NumberFormat('en-US');

const CoingeckoParams = Type.Object(
  {
    /** Pages of coins asked, largest market caps first. */
    pages: Type.Integer({ minimum: 1, maximum: 40 }),
    /** Coins a page: 250 is the most CoinGecko serves. */
    perPage: Type.Integer({ minimum: 1, maximum: 250 }),
  },
  { additionalProperties: false },
);

/** The coin count of the last good run, kept in the cursor, and the coins it asked for (pages × perPage). */
function lastGood(cursor: Record<string, unknown> | undefined): { coins: number; asked: number } | undefined {
  const coins = cursor?.coins;
  const asked = cursor?.asked;
  return typeof coins === 'number' && Number.isInteger(coins) && coins > 0 && typeof asked === 'number' ? { coins, asked } : undefined;
}

/**
 * A snapshot whose size is not plausible against the last good run of the same request is
 * refused with both figures: a publisher (or whatever answers in its place) that suddenly
 * lists ten times more or fewer coins is not one whose market should replace the served one.
 */
function checkAgainstLastGood(count: number, last: { coins: number; asked: number } | undefined, asked: number): void {
  // Other parameters ask for another snapshot: the last one is no measure of it.
  if (last === undefined || last.asked !== asked) return;
  if (count >= last.coins * MAX_CHANGE) {
    throw new ImportError(`CoinGecko answered ${COUNT.format(count)} coins, ${MAX_CHANGE}× or more the last good run's ${COUNT.format(last.coins)}; refused`);
  }
  if (count * MAX_CHANGE <= last.coins) {
    throw new ImportError(`CoinGecko answered ${COUNT.format(count)} coins, a tenth or less of the last good run's ${COUNT.format(last.coins)}; refused`);
  }
}

/**
 * The coin market snapshot, largest market caps first, from CoinGecko's `/coins/markets`:
 * `pages` pages of `perPage` coins (250, the most CoinGecko serves) read into one snapshot, the coingecko-markets importer's records. The
 * default single page covers the crypto endpoints, which serve at most 200 coins. Rankings
 * move between two page requests, so a coin met again on a later page keeps its first entry.
 * What arrives is checked before it can replace the served market: a page is at most 5 MB and
 * at most `perPage` coins, and the snapshot's coin count is within ten times the last good
 * run's (kept in the cursor: under ten times more and over a tenth); each refusal names both figures.
 */
export const coingeckoMarketsSource = defineSource({
  id: 'coingecko-markets',
  publisher: 'coingecko',
  description: 'CoinGecko coin markets in USD (price, market cap, 24h volume), largest market caps first',
  defaultBaseUrl: 'https://api.coingecko.com',
  defaultSchedule: '*/15 * * * *',
  timeZone: 'UTC',
  params: CoingeckoParams,
  defaultParams: { pages: 1, perPage: 250 },
  credentials: [
    {
      env: API_KEY,
      required: false,
      howToGet:
        'optional, free: a Demo API key from the CoinGecko Developer Dashboard (https://docs.coingecko.com/docs/setting-up-your-api-key); without one the keyless public rate limit applies',
    },
  ],
  importers: [coingeckoMarketsImporter],
  feeds: [storedFacts.table('crypto_coin'), storedFacts.table('crypto_market_snapshot')],
  // The keyless public API is limited per IP address and shared with everything else there.
  minRequestIntervalMs: 2_000,
  async collect({ baseUrl, params, credentials, cursor, fetch }): Promise<CollectResult> {
    const key = credentials[API_KEY];
    // CoinGecko documents the Demo key as the `x-cg-demo-api-key` header (recommended) or a query parameter.
    const headers = key === undefined ? undefined : { 'x-cg-demo-api-key': key };
    const coins: CoinGeckoCoin[] = [];
    const ids = new Set<string>();
    const archiveHashes: string[] = [];
    const { pages, perPage } = params;
    for (let page = 1; page <= pages; page++) {
      const query = new URLSearchParams({ vs_currency: 'usd', order: 'market_cap_desc', per_page: String(perPage), page: String(page) });
      const answer = await fetchUnconditional(fetch, {
        url: `${baseUrl}/api/v3/coins/markets?${query.toString()}`,
        ...(headers === undefined ? {} : { headers }),
        limit: { bytes: MAX_PAGE_BYTES, why: `a page of ${perPage} coins is about ${perPage} KB` },
      });
      archiveHashes.push(answer.archiveHash);
      const pageCoins = readJsonDocument(CoinsMarketsSchema, answer.body, `coins/markets page ${page}`);
      if (pageCoins.length > perPage) {
        throw new ImportError(`CoinGecko answered ${COUNT.format(pageCoins.length)} coins to per_page=${perPage} on page ${page}; refused`);
      }
      for (const coin of pageCoins) {
        if (ids.has(coin.id)) continue;
        ids.add(coin.id);
        coins.push(coin);
      }
      if (pageCoins.length < perPage) break;
    }
    const asked = pages * perPage;
    checkAgainstLastGood(coins.length, lastGood(cursor), asked);
    // Each page is parsed once, here; the snapshot's coins are checked as the importer checks a file.
    return {
      payloads: [parsedPayload(coingeckoMarketsImporter, coingeckoMarkets(coins), { fileName: 'coins-markets.json', archiveHashes })],
      // Saved only once the snapshot is imported: the measure of the next run.
      cursor: { coins: coins.length, asked },
    };
  },
});

export const coingeckoSources: SourceDefinition[] = [coingeckoMarketsSource];
