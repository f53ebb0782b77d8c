import { Type, type Static } from 'typebox';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { isoDateTime } from '../../calendar-dates.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { CRYPTO_METRICS, type CryptoMetricName } from '../../../domains/crypto/crypto.metrics.ts';
import { loadMetricPoints, metricFact, PublishedFigureSchema, publishedNumber, type MetricPoint } from './published-metrics.ts';

/** Coin Metrics reports bitcoin's `HashRate` in TH/s; the hub serves EH/s. */
const TERAHASH_PER_EXAHASH = 1e6;

/** Coin Metrics' error object (`{"error": {"type": "forbidden", "message": …}}`): every answer is first read as this envelope, which any object fits. */
const EnvelopeSchema = Type.Object({
  error: Type.Optional(Type.Object({ type: Type.Optional(Type.String()), message: Type.Optional(Type.String()) })),
});

/** A metric of a day: a decimal string (or a number), null or absent where the answer has none. */
const MetricSchema = Type.Optional(Type.Union([PublishedFigureSchema, Type.Null()]));

/** One day's row: the metrics the hub reads, each present only where it was asked. */
const RowSchema = Type.Object({
  asset: Type.String(),
  time: Type.String(),
  CapRealUSD: MetricSchema,
  CapMrktCurUSD: MetricSchema,
  CapMVRVCur: MetricSchema,
  HashRate: MetricSchema,
  AdrActCnt: MetricSchema,
});
export type CoinMetricsRow = Static<typeof RowSchema>;

/** One page: its rows and, where more follow, the token of the next page. */
const PageSchema = Type.Object({ data: Type.Array(RowSchema), next_page_token: Type.Optional(Type.String()) });

/**
 * The realized cap of one day: `CapRealUSD` where the answer has it (a Pro key), otherwise
 * `CapMrktCurUSD / CapMVRVCur`, which is how Coin Metrics defines MVRV (the community API
 * publishes the ratio and the market cap, not the realized cap). Null when neither is given.
 */
function realizedCap(row: CoinMetricsRow, where: string): number | null {
  const fact = metricFact(CRYPTO_METRICS.btcRealizedCap);
  if (row.CapRealUSD !== undefined && row.CapRealUSD !== null) return publishedNumber(row.CapRealUSD, fact, `${where}: CapRealUSD`);
  if (row.CapMrktCurUSD === undefined || row.CapMrktCurUSD === null || row.CapMVRVCur === undefined || row.CapMVRVCur === null) return null;
  const marketCap = publishedNumber(row.CapMrktCurUSD, metricFact(), `${where}: CapMrktCurUSD`);
  const mvrv = publishedNumber(row.CapMVRVCur, metricFact(), `${where}: CapMVRVCur`);
  if (mvrv <= 0) throw new ImportError(`${where}: CapMVRVCur ${JSON.stringify(row.CapMVRVCur)} is not positive`);
  return marketCap / mvrv;
}

/** A metric of the row, null when the answer has none (missing name or null), never 0. */
function optional(row: CoinMetricsRow, name: 'HashRate' | 'AdrActCnt', metric: CryptoMetricName, where: string): number | null {
  const value = row[name];
  return value === undefined || value === null ? null : publishedNumber(value, metricFact(metric), `${where}: ${name}`);
}

/** One answer of the Coin Metrics API v4: its rows and the token of the next page, if any; an error object is refused with its reason. */
export function coinMetricsPage(content: string, fileName: string): { data: CoinMetricsRow[]; nextPageToken: string | undefined } {
  const envelope = readJsonDocument(EnvelopeSchema, content, fileName);
  const { error } = envelope;
  if (error !== undefined) throw new ImportError(`${fileName}: Coin Metrics answered with the error ${String(error.type)}: ${String(error.message)}`);
  const { data, next_page_token: token } = checkDocument(PageSchema, envelope, fileName);
  return { data, nextPageToken: token === '' ? undefined : token };
}

/**
 * Coin Metrics API v4 `GET /timeseries/asset-metrics?assets=btc&frequency=1d&metrics=…`:
 * `{data: [{asset, time, <metric>: "<decimal>" | null, …}], next_page_token?, next_page_url?}`,
 * one row per day at 00:00 UTC (nanosecond precision). Fills btc_realized_cap, btc_hashrate
 * and btc_active_addresses; MVRV and NUPL are not stored, the crypto service derives them.
 */
export function parseCoinMetricsAssetMetrics(content: string, fileName: string): MetricPoint[] {
  return coinMetricsPoints(coinMetricsPage(content, fileName).data, fileName);
}

/** The points of the rows of one or more pages (the `data` of each, in order). */
export function coinMetricsPoints(rows: readonly CoinMetricsRow[], fileName: string): MetricPoint[] {
  const m = CRYPTO_METRICS;
  const points: MetricPoint[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const where = `${fileName}: data row ${index + 1}`;
    if (row.asset !== 'btc') throw new ImportError(`${where}: asset ${JSON.stringify(row.asset)} is not btc`);
    const at = isoDateTime(row.time);
    if (at === undefined) throw new ImportError(`${where}: time ${JSON.stringify(row.time)} is not an ISO 8601 date-time with a zone`);
    if (seen.has(at)) throw new ImportError(`${where}: ${at} appears twice`);
    seen.add(at);
    const realized = realizedCap(row, where);
    const hashrate = optional(row, 'HashRate', m.btcHashrate, where);
    const active = optional(row, 'AdrActCnt', m.btcActiveAddresses, where);
    if (realized !== null) points.push({ metric: m.btcRealizedCap, at, value: realized });
    if (hashrate !== null) points.push({ metric: m.btcHashrate, at, value: hashrate / TERAHASH_PER_EXAHASH });
    if (active !== null) points.push({ metric: m.btcActiveAddresses, at, value: active });
  });
  return points;
}

export const coinMetricsAssetMetricsImporter: Importer<MetricPoint[]> = {
  dataset: 'coinmetrics-asset-metrics',
  datasets: ['crypto'],
  description: 'Coin Metrics API v4 timeseries/asset-metrics JSON for btc, daily (CapMrktCurUSD, CapMVRVCur or CapRealUSD, HashRate, AdrActCnt)',
  source: 'Coin Metrics',
  canonicalForm: canonicalJson,
  parse: parseCoinMetricsAssetMetrics,
  load: (db, points, release) => (points.length === 0 ? Promise.resolve(0) : loadMetricPoints(db, points, release)),
};
