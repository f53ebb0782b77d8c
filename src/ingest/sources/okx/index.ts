import { readJsonDocument } from '../../publisher-document.ts';
import {
  LiquidationOrdersAnswerSchema,
  OKX_FAMILIES,
  okxData,
  okxLiquidationPoints,
  okxLiquidationsImporter,
  OkxStatusSchema,
  type OkxLiquidationsDocument,
  type OkxStatus,
} from '../../importers/crypto/okx-liquidations.ts';
import { defineSource, NoParams, parsedPayload, type CollectContext, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { storedFacts } from '../../../facts/names.ts';

/** The most liquidation orders OKX returns in one answer. */
const PAGE_LIMIT = 100;
/** Pages read per family and run at most: 2,000 orders, far more than a usual day of one family. */
const MAX_PAGES = 20;
/** OKX keeps the liquidation orders of the last day. */
const DAY_MS = 24 * 3_600_000;

/** The newest-first pages of one family's filled liquidation orders, and from when they are complete. */
async function familyPages(
  context: CollectContext<unknown>,
  family: string,
  asOf: number,
): Promise<{ pages: OkxStatus[]; hashes: string[]; completeFrom: number }> {
  const pages: OkxStatus[] = [];
  const hashes: string[] = [];
  let after: number | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({ instType: 'SWAP', instFamily: family, state: 'filled', limit: String(PAGE_LIMIT) });
    if (after !== undefined) query.set('after', String(after));
    const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/api/v5/public/liquidation-orders?${query.toString()}` });
    const where = `liquidation-orders ${family} page ${page}`;
    const document = readJsonDocument(OkxStatusSchema, answer.body, where);
    pages.push(document);
    hashes.push(answer.archiveHash);
    const times = okxData(LiquidationOrdersAnswerSchema, document, where).flatMap((order) => order.details.map((detail) => Number(detail.ts)));
    const oldest = Math.min(...times.filter(Number.isSafeInteger));
    // A short page is the last: what OKX keeps of the day is all read.
    if (times.length < PAGE_LIMIT || !Number.isFinite(oldest) || oldest <= asOf - DAY_MS) return { pages, hashes, completeFrom: asOf - DAY_MS };
    after = oldest;
  }
  // Stopped by the page bound: complete only from the oldest order read.
  return { pages, hashes, completeFrom: after ?? asOf };
}

/**
 * Liquidations of OKX's USDT-margined BTC and ETH perpetual swaps (one exchange), keyless:
 * each family's contract value from `/api/v5/public/instruments`, then its filled liquidation
 * orders of the last day from `/api/v5/public/liquidation-orders`, newest first, paged with
 * `after` (the oldest order's time) until a short page, the day's start or 20 pages. The
 * importer turns them into hourly USD sums of liquidated longs and shorts.
 */
export const okxLiquidationsSource = defineSource({
  id: 'okx-liquidations',
  publisher: 'okx',
  description: "OKX (one exchange) BTC-USDT and ETH-USDT perpetual swaps: hourly USD liquidated, longs and shorts, from OKX's filled liquidation orders",
  defaultBaseUrl: 'https://www.okx.com',
  defaultSchedule: '20 * * * *',
  timeZone: 'UTC',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [okxLiquidationsImporter],
  feeds: [storedFacts.cryptoMetric('liquidations_long'), storedFacts.cryptoMetric('liquidations_short')],
  // OKX allows 40 liquidation-orders requests per 2 seconds per IP; a run asks a few dozen at most.
  minRequestIntervalMs: 200,
  async collect(context): Promise<CollectResult> {
    const asOf = context.now.getTime();
    const instruments: OkxStatus[] = [];
    const liquidationOrders: OkxStatus[] = [];
    const archiveHashes: string[] = [];
    let completeFrom = asOf - DAY_MS;
    for (const family of OKX_FAMILIES) {
      const query = new URLSearchParams({ instType: 'SWAP', instFamily: family });
      const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/api/v5/public/instruments?${query.toString()}` });
      instruments.push(readJsonDocument(OkxStatusSchema, answer.body, `instruments ${family}`));
      archiveHashes.push(answer.archiveHash);
      const read = await familyPages(context, family, asOf);
      liquidationOrders.push(...read.pages);
      archiveHashes.push(...read.hashes);
      completeFrom = Math.max(completeFrom, read.completeFrom);
    }
    const document: OkxLiquidationsDocument = {
      asOf: new Date(asOf).toISOString(),
      completeFrom: new Date(completeFrom).toISOString(),
      instruments,
      liquidationOrders,
    };
    // Every answer was read once, above; the points are computed here, so a bad answer fails the run before anything is stored.
    return {
      payloads: [
        parsedPayload(okxLiquidationsImporter, okxLiquidationPoints(document, 'okx-liquidations.json'), { fileName: 'okx-liquidations.json', archiveHashes }),
      ],
      cursor: undefined,
    };
  },
});

export const okxSources: SourceDefinition[] = [okxLiquidationsSource];
