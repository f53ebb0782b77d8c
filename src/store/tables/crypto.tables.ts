/* Row shapes are type aliases, not interfaces, so they fit insertChunked's Record<string, unknown> rows. */
/** A coin as its publisher names it (CoinGecko id, ticker symbol, display name). */
export type CryptoCoinRow = {
  id: string;
  symbol: string;
  name: string;
};

/**
 * One coin in one market snapshot. Every coin of a snapshot shares its `at` (ISO date-time
 * UTC), so "the market at T" is one equality lookup and changes compare two snapshots.
 */
export type CryptoMarketSnapshotRow = {
  at: string;
  coin_id: string;
  price: number;
  market_cap: number;
  /** Null when the publisher gave none. */
  volume_24h: number | null;
  source: string;
};

/** The daily Crypto Fear & Greed index value (0–100). */
export type CryptoFearGreedRow = {
  date: string;
  value: number;
  source: string;
};

/**
 * Published on-chain and derivatives observations, one series per `metric` name
 * (see `CRYPTO_METRICS` in crypto.metrics.ts for the names and units).
 */
export type CryptoMetricRow = {
  metric: string;
  at: string;
  value: number;
  source: string;
};

/** The crypto domain's tables. */
export interface CryptoTables {
  crypto_coin: CryptoCoinRow;
  crypto_market_snapshot: CryptoMarketSnapshotRow;
  crypto_fear_greed: CryptoFearGreedRow;
  crypto_metric: CryptoMetricRow;
}
