import type { AnyImporter } from '../../source.ts';
import { alternativeMeFearGreedImporter } from './alternative-me-fng.ts';
import { binanceFundingRateImporter, binanceOpenInterestImporter } from './binance-futures.ts';
import { coingeckoMarketsImporter } from './coingecko-markets.ts';
import { coinMetricsAssetMetricsImporter } from './coinmetrics-asset-metrics.ts';
import { deribitOptionBookImporter } from './deribit-option-book.ts';
import { etherscanGasOracleImporter } from './etherscan-gas-oracle.ts';
import { okxLiquidationsImporter } from './okx-liquidations.ts';

/** The crypto domain's importers. */
export const cryptoImporters: AnyImporter[] = [
  coingeckoMarketsImporter,
  alternativeMeFearGreedImporter,
  coinMetricsAssetMetricsImporter,
  binanceOpenInterestImporter,
  binanceFundingRateImporter,
  deribitOptionBookImporter,
  etherscanGasOracleImporter,
  okxLiquidationsImporter,
];
