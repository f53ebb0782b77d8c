/**
 * Names and units of the series in `crypto_metric`. Point values are as published at `at`;
 * `*_liquidations_*` are hourly sums (USD) that the service adds up over 24 hours.
 */
export const CRYPTO_METRICS = {
  ethGasSafe: 'eth_gas_safe', // gwei
  ethGasStandard: 'eth_gas_standard', // gwei
  ethGasFast: 'eth_gas_fast', // gwei
  ethBaseFee: 'eth_base_fee', // gwei
  btcHashrate: 'btc_hashrate', // EH/s
  btcActiveAddresses: 'btc_active_addresses', // count per day
  whaleTxCount: 'whale_tx_count', // transfers over USD 1M per day
  btcRealizedCap: 'btc_realized_cap', // USD; MVRV and NUPL are derived from it
  btcOpenInterest: 'btc_open_interest', // BTC (contracts of BTCUSDT perpetual, base asset)
  ethOpenInterest: 'eth_open_interest', // ETH (contracts of ETHUSDT perpetual, base asset)
  btcFundingRate: 'btc_funding_rate', // per 8-hour funding interval, as a fraction
  ethFundingRate: 'eth_funding_rate',
  // USD of long (short) positions liquidated in the hour ending at `at`, on OKX alone (one
  // exchange): its BTC-USDT and ETH-USDT perpetual swaps (importers/crypto/okx-liquidations.ts).
  liquidationsLong: 'liquidations_long',
  liquidationsShort: 'liquidations_short',
  btcPutOi: 'btc_put_oi', // BTC options open interest, contracts
  btcCallOi: 'btc_call_oi',
} as const;

export type CryptoMetricName = (typeof CRYPTO_METRICS)[keyof typeof CRYPTO_METRICS];

/** Coin ids (CoinGecko's) that the overview's dominance names. */
export const DOMINANCE_COINS = {
  btc: 'bitcoin',
  eth: 'ethereum',
  bnb: 'binancecoin',
  sol: 'solana',
  xrp: 'ripple',
} as const;
