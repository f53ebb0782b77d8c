import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';
import { CRYPTO_METRICS as m } from './crypto.metrics.ts';

/** What each crypto endpoint reads (src/edge/route-reads.ts). */

const SNAPSHOT = storedFacts.table('crypto_market_snapshot');
const COIN = storedFacts.table('crypto_coin');
const metric = (...names: string[]) => names.map(storedFacts.cryptoMetric);

export const cryptoOverviewReads: RouteReads = {
  example: '/crypto',
  fields: {
    totalMarketCap: [SNAPSHOT],
    volume24h: [SNAPSHOT],
    'dominance.btc': [SNAPSHOT],
    'fearGreed.value': [storedFacts.table('crypto_fear_greed')],
    'fearGreed.date': [storedFacts.table('crypto_fear_greed')],
    'trending[].symbol': [SNAPSHOT, COIN],
    'trending[].name': [COIN],
  },
  derived: [
    'marketCapChange24h',
    'volumeChange24h',
    'dominance.eth',
    'dominance.bnb',
    'dominance.sol',
    'dominance.xrp',
    'dominance.other',
    'fearGreed.classification',
    'trending[].rank',
    'trending[].priceChange24h',
  ],
  labels: ['trending[].tag'],
};

export const cryptoBubbleMapReads: RouteReads = {
  example: '/crypto/bubble-map',
  fields: { 'coins[].marketCap': [SNAPSHOT], 'coins[].symbol': [COIN], 'coins[].name': [COIN] },
  derived: ['coins[].change', 'coins[].size'],
  labels: ['timeframe'],
};

export const cryptoOnchainReads: RouteReads = {
  example: '/crypto/onchain',
  fields: {
    'ethGas.safe': metric(m.ethGasSafe),
    'ethGas.standard': metric(m.ethGasStandard),
    'ethGas.fast': metric(m.ethGasFast),
    'ethGas.baseFee': metric(m.ethBaseFee),
    'btcHashrate.value': metric(m.btcHashrate),
    btcActiveAddresses: metric(m.btcActiveAddresses),
    whaleTxCount: metric(m.whaleTxCount),
    'mvrv.value': [...metric(m.btcRealizedCap), SNAPSHOT],
    'nupl.value': [...metric(m.btcRealizedCap), SNAPSHOT],
  },
  derived: ['mvrv.zone', 'nupl.zone'],
  labels: ['ethGas.unit', 'btcHashrate.unit'],
};

export const cryptoDerivativesReads: RouteReads = {
  example: '/crypto/derivatives',
  fields: {
    'openInterest.btc.value': metric(m.btcOpenInterest),
    'openInterest.eth.value': metric(m.ethOpenInterest),
    'fundingRate.btc.rate': metric(m.btcFundingRate),
    'fundingRate.eth.rate': metric(m.ethFundingRate),
    'liquidations24h.long': metric(m.liquidationsLong),
    'liquidations24h.short': metric(m.liquidationsShort),
    'putCallRatio.btc.putOi': metric(m.btcPutOi),
    'putCallRatio.btc.callOi': metric(m.btcCallOi),
  },
  derived: ['fundingRate.btc.annualized', 'fundingRate.eth.annualized', 'liquidations24h.total', 'putCallRatio.btc.ratio'],
  labels: ['openInterest.btc.symbol', 'openInterest.btc.unit', 'openInterest.eth.symbol', 'openInterest.eth.unit'],
};

export const cryptoDominanceReads: RouteReads = {
  example: '/crypto/dominance',
  fields: { totalMarketCap: [SNAPSHOT], 'coins[].marketCap': [SNAPSHOT], 'coins[].symbol': [COIN], 'coins[].name': [COIN] },
  derived: ['coins[].dominancePercentage'],
  labels: ['asOf'],
};
