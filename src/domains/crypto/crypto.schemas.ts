import { Type, type Static } from 'typebox';
import { IsoDate, IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';

export const BUBBLE_TIMEFRAMES = ['1h', '1d', '1w'] as const;
export type BubbleTimeframe = (typeof BUBBLE_TIMEFRAMES)[number];

export const BubbleMapQuerySchema = {
  timeframe: StringEnum(BUBBLE_TIMEFRAMES, { default: '1d', description: 'Window of the price change' }),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 100, description: 'Number of coins, largest market cap first' }),
};

/** Percent change over 24 hours; null when the snapshot 24 hours earlier is missing. */
const Change24h = () => Nullable(Type.Number());

export const CryptoOverviewSchema = Type.Object({
  totalMarketCap: Type.Number({ description: 'USD, sum over the coins of the latest snapshot' }),
  volume24h: Type.Number(),
  marketCapChange24h: Change24h(),
  volumeChange24h: Change24h(),
  // Null for a coin the snapshot lacks (and then for `other`), never 0.
  dominance: Type.Object({
    btc: Nullable(Type.Number()),
    eth: Nullable(Type.Number()),
    bnb: Nullable(Type.Number()),
    sol: Nullable(Type.Number()),
    xrp: Nullable(Type.Number()),
    other: Nullable(Type.Number()),
  }),
  fearGreed: Nullable(Type.Object({ value: Type.Integer(), classification: Type.String(), date: IsoDate() })),
  trending: Type.Array(
    Type.Object({
      symbol: Type.String(),
      name: Type.String(),
      rank: Type.Integer(),
      priceChange24h: Type.Number(),
      tag: StringEnum(['new', 'top-gainer', 'top20-mover', 'gainer'] as const),
    }),
  ),
});
export type CryptoOverview = Static<typeof CryptoOverviewSchema>;

export const CryptoBubbleMapSchema = Type.Object({
  timeframe: StringEnum(BUBBLE_TIMEFRAMES),
  coins: Type.Array(
    Type.Object({
      symbol: Type.String(),
      name: Type.String(),
      marketCap: Type.Number(),
      change: Nullable(Type.Number({ description: 'Percent price change over the timeframe' })),
      size: Type.Number({ description: 'sqrt(marketCap / largest marketCap served), in (0, 1]' }),
    }),
  ),
});
export type CryptoBubbleMap = Static<typeof CryptoBubbleMapSchema>;

export const CryptoOnchainSchema = Type.Object({
  ethGas: Nullable(
    Type.Object({
      safe: Nullable(Type.Number()),
      standard: Nullable(Type.Number()),
      fast: Nullable(Type.Number()),
      baseFee: Nullable(Type.Number()),
      unit: Type.String(),
    }),
  ),
  btcHashrate: Nullable(Type.Object({ value: Type.Number(), unit: Type.String() })),
  btcActiveAddresses: Nullable(Type.Integer()),
  whaleTxCount: Nullable(Type.Integer()),
  mvrv: Nullable(Type.Object({ value: Type.Number(), zone: StringEnum(['undervalued', 'fair_value', 'overheating', 'overvalued'] as const) })),
  nupl: Nullable(Type.Object({ value: Type.Number(), zone: StringEnum(['capitulation', 'hope_fear', 'optimism', 'belief', 'euphoria'] as const) })),
});
export type CryptoOnchain = Static<typeof CryptoOnchainSchema>;

const OpenInterestSchema = Nullable(
  Type.Object({ symbol: Type.String(), value: Type.String({ description: 'Decimal string, in `unit`' }), unit: Type.String() }),
);
const FundingRateSchema = Nullable(
  Type.Object({
    rate: Type.Number({ description: 'Per 8-hour funding interval, as a fraction' }),
    annualized: Type.Number({ description: 'Percent a year: rate × 3 × 365 × 100' }),
  }),
);

export const CryptoDerivativesSchema = Type.Object({
  openInterest: Type.Object({ btc: OpenInterestSchema, eth: OpenInterestSchema }),
  fundingRate: Type.Object({ btc: FundingRateSchema, eth: FundingRateSchema }),
  liquidations24h: Nullable(
    Type.Object(
      { total: Nullable(Type.Number()), long: Nullable(Type.Number()), short: Nullable(Type.Number()) },
      {
        description: 'USD of long and short positions liquidated over the last 24 hours on OKX alone (one exchange): its BTC-USDT and ETH-USDT perpetual swaps',
      },
    ),
  ),
  putCallRatio: Type.Object({
    btc: Nullable(Type.Object({ ratio: Type.Number(), putOi: Type.Number(), callOi: Type.Number() })),
  }),
});
export type CryptoDerivatives = Static<typeof CryptoDerivativesSchema>;

export const CryptoDominanceSchema = Type.Object({
  totalMarketCap: Type.Number(),
  coins: Type.Array(Type.Object({ symbol: Type.String(), name: Type.String(), dominancePercentage: Type.Number(), marketCap: Type.Number() })),
  asOf: Type.Object({
    globalMetrics: Nullable(IsoDateTime()),
    assets: Nullable(IsoDateTime()),
    skewSeconds: Nullable(Type.Integer()),
    isStale: Type.Boolean(),
  }),
});
export type CryptoDominance = Static<typeof CryptoDominanceSchema>;
