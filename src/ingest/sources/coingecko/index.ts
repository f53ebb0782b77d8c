import { Type } from 'typebox';
import { coingeckoMarkets, coingeckoMarketsImporter, CoinsMarketsSchema } from '../../importers/crypto/coingecko-markets.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { defineSource, parsedPayload, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';

const API_KEY = 'COINGECKO_API_KEY';
const CoingeckoParams = Type.Object(
  {
    /** Pages of coins asked, largest market caps first. */
    pages: Type.Integer({ minimum: 1, maximum: 40 }),
    /** Coins a page: 250 is the most CoinGecko serves. */
    perPage: Type.Integer({ minimum: 1, maximum: 250 }),
  },
  { additionalProperties: false },
);

/**
 * The coin market snapshot, largest market caps first, from CoinGecko's `/coins/markets`:
 * `pages` pages of `perPage` coins (250, the most CoinGecko serves) read into one snapshot, the coingecko-markets importer's records. The
 * default single page covers the crypto endpoints, which serve at most 200 coins. Rankings
 * move between two page requests, so a coin met again on a later page keeps its first entry.
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
      howToGet: 'optional, free: a Demo API key from the CoinGecko Developer Dashboard (https://docs.coingecko.com/docs/setting-up-your-api-key); without one the keyless public rate limit applies',
    },
  ],
  importers: [coingeckoMarketsImporter],
  feeds: ['crypto_coin', 'crypto_market_snapshot'],
  // The keyless public API is limited per IP address and shared with everything else there.
  minRequestIntervalMs: 2_000,
  async collect({ baseUrl, params, credentials, fetch }): Promise<CollectResult> {
    const key = credentials[API_KEY];
    // CoinGecko documents the Demo key as the `x-cg-demo-api-key` header (recommended) or a query parameter.
    const headers = key === undefined ? undefined : { 'x-cg-demo-api-key': key };
    const coins: unknown[] = [];
    const ids = new Set<unknown>();
    const archiveHashes: string[] = [];
    const { pages, perPage } = params;
    for (let page = 1; page <= pages; page++) {
      const query = new URLSearchParams({ vs_currency: 'usd', order: 'market_cap_desc', per_page: String(perPage), page: String(page) });
      const answer = await fetchUnconditional(fetch, { url: `${baseUrl}/api/v3/coins/markets?${query.toString()}`, ...(headers === undefined ? {} : { headers }) });
      archiveHashes.push(answer.archiveHash);
      const pageCoins = readJsonDocument(CoinsMarketsSchema, answer.body, `coins/markets page ${page}`);
      for (const coin of pageCoins) {
        const id = (coin as { id?: unknown } | null)?.id;
        if (ids.has(id)) continue;
        ids.add(id);
        coins.push(coin);
      }
      if (pageCoins.length < perPage) break;
    }
    // Each page is parsed once, here; the snapshot's coins are checked as the importer checks a file.
    return { payloads: [parsedPayload(coingeckoMarketsImporter, coingeckoMarkets(coins), { fileName: 'coins-markets.json', archiveHashes })], cursor: undefined };
  },
});

export const coingeckoSources: SourceDefinition[] = [coingeckoMarketsSource];
