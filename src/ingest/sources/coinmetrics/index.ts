import { Type } from 'typebox';
import { ImportError } from '../../import-error.ts';
import { coinMetricsAssetMetricsImporter, coinMetricsPage, coinMetricsPoints, type CoinMetricsRow } from '../../importers/crypto/coinmetrics-asset-metrics.ts';
import { defineSource, parsedPayload, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { storedFacts } from '../../../facts/names.ts';

const FILE_NAME = 'asset-metrics-btc.json';

const CoinMetricsParams = Type.Object(
  {
    /** The metrics asked, comma-separated, as the API's `metrics`. */
    metrics: Type.String({ minLength: 1 }),
    /** Rows a page (`page_size`): 10000 is the most the API serves. */
    pageSize: Type.Integer({ minimum: 1, maximum: 10_000 }),
  },
  { additionalProperties: false },
);

/**
 * Bitcoin's daily on-chain figures from the keyless Coin Metrics community API
 * (`GET /v4/timeseries/asset-metrics?assets=btc&frequency=1d`): the market cap and MVRV (the
 * realized cap is their quotient; `CapRealUSD` itself is not in the community tier), the
 * hash rate and the active addresses. The first run takes the whole history, later runs from
 * the newest day loaded on; pages are followed with `next_page_token` until none is given.
 */
export const coinMetricsBtcSource = defineSource({
  id: 'coinmetrics-btc',
  publisher: 'coinmetrics',
  description: 'Coin Metrics community API: bitcoin realized cap (market cap / MVRV), hash rate, active addresses, daily',
  defaultBaseUrl: 'https://community-api.coinmetrics.io',
  // A day's figures are published once the day is complete.
  defaultSchedule: '30 6 * * *',
  timeZone: 'UTC',
  params: CoinMetricsParams,
  defaultParams: { metrics: 'AdrActCnt,CapMrktCurUSD,CapMVRVCur,HashRate', pageSize: 10_000 },
  credentials: [],
  importers: [coinMetricsAssetMetricsImporter],
  feeds: ['btc_realized_cap', 'btc_hashrate', 'btc_active_addresses'].map(storedFacts.cryptoMetric),
  // The community API allows 10 requests per 6 seconds per IP address.
  minRequestIntervalMs: 1_000,
  async collect({ baseUrl, params, cursor, fetch }): Promise<CollectResult> {
    const { metrics, pageSize } = params;
    const lastTime = typeof cursor?.lastTime === 'string' ? cursor.lastTime : undefined;
    const query: Record<string, string> = { assets: 'btc', metrics, frequency: '1d', page_size: String(pageSize) };
    if (lastTime !== undefined) query.start_time = lastTime.slice(0, 10);
    const rows: CoinMetricsRow[] = [];
    const archiveHashes: string[] = [];
    let token: string | undefined;
    do {
      const url = `${baseUrl}/v4/timeseries/asset-metrics?${new URLSearchParams(token === undefined ? query : { ...query, next_page_token: token }).toString()}`;
      const answer = await fetchUnconditional(fetch, { url });
      archiveHashes.push(answer.archiveHash);
      const page = coinMetricsPage(answer.body.toString('utf8'), `${FILE_NAME} page ${archiveHashes.length}`);
      rows.push(...page.data);
      const next = page.nextPageToken;
      if (next !== undefined && next === token)
        throw new ImportError(`${FILE_NAME} page ${archiveHashes.length}: Coin Metrics gave the same next_page_token again`);
      token = next;
    } while (token !== undefined);
    const newest = rows.map((row) => row.time).reduce((latest, time) => (time > latest ? time : latest), lastTime ?? '');
    return {
      // Each page was read once, above; the merged rows become the importer's points.
      payloads:
        rows.length === 0 ? [] : [parsedPayload(coinMetricsAssetMetricsImporter, coinMetricsPoints(rows, FILE_NAME), { fileName: FILE_NAME, archiveHashes })],
      cursor: newest === '' ? cursor : { lastTime: newest },
    };
  },
});

export const coinMetricsSources: SourceDefinition[] = [coinMetricsBtcSource];
