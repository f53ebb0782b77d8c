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

/** Each metric's name and unit as `/series` lists them: the publishers' own terms where they name it (Etherscan's gas oracle, Coin Metrics' `HashRate`, `AdrActCnt`). */
export const CRYPTO_METRIC_DESCRIPTIONS: Readonly<Record<CryptoMetricName, { name: string; unit: string }>> = {
  eth_gas_safe: { name: 'Ethereum gas price, safe (gas oracle SafeGasPrice)', unit: 'gwei' },
  eth_gas_standard: { name: 'Ethereum gas price, standard (gas oracle ProposeGasPrice)', unit: 'gwei' },
  eth_gas_fast: { name: 'Ethereum gas price, fast (gas oracle FastGasPrice)', unit: 'gwei' },
  eth_base_fee: { name: 'Ethereum base fee per gas (gas oracle suggestBaseFee)', unit: 'gwei' },
  btc_hashrate: { name: 'Bitcoin network hash rate (daily)', unit: 'EH/s' },
  btc_active_addresses: { name: 'Bitcoin active addresses a day', unit: 'addresses' },
  whale_tx_count: { name: 'Bitcoin whale transactions (over USD 1M a day)', unit: 'transactions' },
  btc_realized_cap: { name: 'Bitcoin realized capitalization', unit: 'USD' },
  btc_open_interest: { name: 'BTCUSDT perpetual futures open interest', unit: 'BTC' },
  eth_open_interest: { name: 'ETHUSDT perpetual futures open interest', unit: 'ETH' },
  btc_funding_rate: { name: 'BTCUSDT perpetual futures funding rate', unit: 'fraction per 8-hour funding interval' },
  eth_funding_rate: { name: 'ETHUSDT perpetual futures funding rate', unit: 'fraction per 8-hour funding interval' },
  liquidations_long: { name: 'OKX BTC-USDT and ETH-USDT perpetual swaps: long positions liquidated in the hour', unit: 'USD' },
  liquidations_short: { name: 'OKX BTC-USDT and ETH-USDT perpetual swaps: short positions liquidated in the hour', unit: 'USD' },
  btc_put_oi: { name: 'Bitcoin options open interest, puts', unit: 'contracts' },
  btc_call_oi: { name: 'Bitcoin options open interest, calls', unit: 'contracts' },
};

/** Coin ids (CoinGecko's) that the overview's dominance names. */
export const DOMINANCE_COINS = {
  btc: 'bitcoin',
  eth: 'ethereum',
  bnb: 'binancecoin',
  sol: 'solana',
  xrp: 'ripple',
} as const;
