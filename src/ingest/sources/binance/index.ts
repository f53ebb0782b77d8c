import {
  BINANCE_SYMBOLS,
  binanceAnswer,
  binanceFundingPoints,
  binanceFundingRateImporter,
  binanceOpenInterestImporter,
  binanceOpenInterestPoints,
  FundingRecordsSchema,
  OpenInterestAnswerSchema,
  type FundingRecord,
  type OpenInterestAnswer,
} from '../../importers/crypto/binance-futures.ts';
import { defineSource, NoParams, parsedPayload, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { storedFacts } from '../../../facts/names.ts';

/** The most funding records Binance returns in one answer. */
const FUNDING_LIMIT = 1_000;

/**
 * Perpetual futures open interest and funding from Binance USDⓈ-M's keyless market-data
 * endpoints, for BTCUSDT and ETHUSDT: the present open interest (`/fapi/v1/openInterest`)
 * and the funding rates (`/fapi/v1/fundingRate`): the latest 1000 on the first run, then those
 * after the newest funding time loaded. The answers of both symbols are read once and
 * travel as the importers' points, one payload per endpoint.
 */
export const binanceFuturesSource = defineSource({
  id: 'binance-futures',
  publisher: 'binance',
  description: 'Binance USDⓈ-M perpetuals BTCUSDT and ETHUSDT: open interest and funding rates',
  defaultBaseUrl: 'https://fapi.binance.com',
  defaultSchedule: '5 * * * *',
  timeZone: 'UTC',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [binanceOpenInterestImporter, binanceFundingRateImporter],
  feeds: ['btc_open_interest', 'eth_open_interest', 'btc_funding_rate', 'eth_funding_rate'].map(storedFacts.cryptoMetric),
  minRequestIntervalMs: 500,
  async collect({ baseUrl, cursor, fetch }): Promise<CollectResult> {
    const symbols = Object.keys(BINANCE_SYMBOLS);
    const lastFunding = (typeof cursor?.lastFundingTime === 'object' && cursor.lastFundingTime !== null ? cursor.lastFundingTime : {}) as Record<
      string,
      unknown
    >;
    const openInterest: OpenInterestAnswer[] = [];
    const funding: FundingRecord[] = [];
    const openInterestHashes: string[] = [];
    const fundingHashes: string[] = [];
    for (const symbol of symbols) {
      const answer = await fetchUnconditional(fetch, { url: `${baseUrl}/fapi/v1/openInterest?${new URLSearchParams({ symbol }).toString()}` });
      openInterestHashes.push(answer.archiveHash);
      openInterest.push(binanceAnswer(OpenInterestAnswerSchema, answer.body.toString('utf8'), `openInterest ${symbol}`));
    }
    for (const symbol of symbols) {
      const query: Record<string, string> = { symbol, limit: String(FUNDING_LIMIT) };
      const last = lastFunding[symbol];
      if (typeof last === 'number') query.startTime = String(last + 1);
      const answer = await fetchUnconditional(fetch, { url: `${baseUrl}/fapi/v1/fundingRate?${new URLSearchParams(query).toString()}` });
      fundingHashes.push(answer.archiveHash);
      funding.push(...binanceAnswer(FundingRecordsSchema, answer.body.toString('utf8'), `fundingRate ${symbol}`));
    }
    // Every answer was read once, above; its records become the importers' points here, so a
    // record that is not one fails the run before the cursor moves.
    const openInterestPoints = binanceOpenInterestPoints(openInterest, 'openInterest.json');
    const fundingPoints = binanceFundingPoints(funding, 'fundingRate.json');
    const newestFunding: Record<string, unknown> = { ...lastFunding };
    for (const record of funding) {
      const newest = newestFunding[record.symbol];
      if (typeof newest !== 'number' || record.fundingTime > newest) newestFunding[record.symbol] = record.fundingTime;
    }
    const payloads: ImportPayload[] = [
      parsedPayload(binanceOpenInterestImporter, openInterestPoints, { fileName: 'openInterest.json', archiveHashes: openInterestHashes }),
    ];
    if (funding.length > 0)
      payloads.push(parsedPayload(binanceFundingRateImporter, fundingPoints, { fileName: 'fundingRate.json', archiveHashes: fundingHashes }));
    return { payloads, cursor: { lastFundingTime: newestFunding } };
  },
});

export const binanceSources: SourceDefinition[] = [binanceFuturesSource];
