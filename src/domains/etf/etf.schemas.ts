import { Type, type Static } from 'typebox';
import { IsoDate, IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';

export const FUND_CODE_PATTERN = '^[0-9A-Za-z-]{1,20}$';
export const FundCodeSchema = Type.String({
  pattern: FUND_CODE_PATTERN,
  description: 'Fund code: a TSE ETF code (`1306`, `518A`) or a Vietnamese fund code (`VESAF`)',
});
export const FundCodeParamsSchema = { code: FundCodeSchema };

export const TOP_PERFORMANCE_PERIODS = ['1M', '6M', '1Y'] as const;
export const NETFLOW_TYPES = ['positive', 'negative'] as const;

const EtfInfoProperties = {
  id: Type.Integer(),
  listingDate: Type.Optional(IsoDate()),
  etfCode: Type.String(),
  etfName: Type.String(),
  managementCompany: Type.String(),
  indexName: Type.Optional(Type.String()),
  tradingUnit: Type.Optional(Type.Integer()),
  trustFee: Type.Optional(Type.Number({ description: 'Annual trust fee, percent' })),
  etfNameJP: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  distributionYield: Type.Optional(Type.Number()),
  etfType: Type.Optional(Type.String()),
};

export const EtfInfoSchema = Type.Object(EtfInfoProperties);
export type EtfInfo = Static<typeof EtfInfoSchema>;

export const EtfListItemSchema = Type.Object({
  ...EtfInfoProperties,
  price: Nullable(Type.Number({ description: 'Latest exchange close; null for funds not traded on an exchange' })),
  aum: Nullable(Type.Number({ description: 'Latest total net assets' })),
});
export const EtfListSchema = Type.Array(EtfListItemSchema);
export type EtfListItem = Static<typeof EtfListItemSchema>;

export const EtfTopPerformanceSchema = Type.Array(
  Type.Object({
    etfCode: Type.String(),
    etfName: Type.String(),
    currentNav: Type.Number(),
    changePercent: Type.Number({ description: 'NAV change over the period, percent' }),
  }),
);
export type EtfTopPerformance = Static<typeof EtfTopPerformanceSchema>;

export const EtfTopNetflowSchema = Type.Array(
  Type.Object({
    etfCode: Type.String(),
    etfName: Type.String(),
    netflow: Type.Number({ description: 'Change in units outstanding on the latest day × that day’s NAV' }),
    netflowAumPercentage: Type.Number({ description: 'netflow / total net assets, percent' }),
  }),
);
export type EtfTopNetflow = Static<typeof EtfTopNetflowSchema>;

export const EtfHeatmapItemSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  currentDate: Type.Optional(IsoDateTime()),
  closePrice: Type.Number(),
  volume: Type.Optional(Type.Number()),
  marketCap: Type.Optional(Type.Number()),
  tradingValue: Type.Optional(Type.Number()),
  priceFluctuation: Type.Optional(Type.Number()),
  priceFluctuationPercent: Type.Optional(Type.Number()),
  contributionValue: Type.Optional(Type.Number()),
  marketCapChange: Type.Optional(Type.Number()),
  contributionArea: Type.Optional(Type.Number()),
});
export const EtfHeatmapSchema = Type.Array(EtfHeatmapItemSchema);
export type EtfHeatmapItem = Static<typeof EtfHeatmapItemSchema>;

export const FundCompositionSchema = Type.Object({
  fundCode: Type.String(),
  assetAllocation: Nullable(
    Type.Object({
      bond: Type.Optional(Type.Number()),
      stock: Type.Optional(Type.Number()),
      others: Type.Optional(Type.Number()),
      total: Type.Number(),
      bondPercent: Type.Optional(Type.Number()),
      stockPercent: Type.Optional(Type.Number()),
      othersPercent: Type.Optional(Type.Number()),
      currency: Type.String(),
      month: Type.Optional(Type.String()),
    }),
  ),
  portfolio: Type.Array(
    Type.Object({
      symbol: Type.String(),
      price: Type.Optional(Type.Number()),
      volume: Type.Optional(Type.Number()),
      weightPercent: Type.Number(),
      currency: Type.Optional(Type.String()),
      month: Type.Optional(Type.String()),
    }),
  ),
  sectorAllocation: Type.Array(
    Type.Object({
      sectorName: Type.String(),
      value: Type.Optional(Type.Number()),
      percent: Type.Number(),
      currency: Type.Optional(Type.String()),
      month: Type.Optional(Type.String()),
    }),
  ),
});
export type FundComposition = Static<typeof FundCompositionSchema>;
export const FundCompositionListSchema = Type.Array(FundCompositionSchema);

const NavGrowthPointSchema = Type.Object({
  date: Type.String({ description: 'DD-MM-YYYY' }),
  growthRate: Type.Number({ description: 'Percent change since the window start' }),
  nav: Type.Number(),
  isFilledFromPreviousDate: Type.Optional(Type.Boolean()),
  actualDataDate: Type.Optional(Type.String({ description: 'DD-MM-YYYY' })),
});
export type NavGrowthPoint = Static<typeof NavGrowthPointSchema>;

const NavGrowthSeriesSchema = Type.Object({
  etfCode: Type.String(),
  data: Type.Record(Type.String(), Type.Array(NavGrowthPointSchema)),
});
export type NavGrowthSeries = Static<typeof NavGrowthSeriesSchema>;

export const NavGrowthComparisonSchema = Type.Object({
  etf1: NavGrowthSeriesSchema,
  etf2: NavGrowthSeriesSchema,
  vnIndex: NavGrowthSeriesSchema,
  periodAvailability: Type.Record(Type.String(), Type.Boolean()),
  startDate: Type.String({ description: 'DD-MM-YYYY' }),
});
export type NavGrowthComparison = Static<typeof NavGrowthComparisonSchema>;

export const EtfHoldingSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  exchange: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
  sharesAmount: Type.Optional(Type.String({ description: 'Decimal string' })),
  stockPrice: Type.Optional(Type.Number()),
  value: Type.Optional(Type.String({ description: 'sharesAmount × stockPrice, decimal string' })),
  etfCode: Type.String(),
  sharesOutstanding: Type.Optional(Type.String({ description: 'Fund units outstanding on fundDate, decimal string' })),
  fundDate: Type.Optional(IsoDate()),
  isin: Type.Optional(Type.String()),
});
export const EtfHoldingsSchema = Type.Array(EtfHoldingSchema);
export type EtfHolding = Static<typeof EtfHoldingSchema>;

export const EtfPriceHistorySchema = Type.Array(
  Type.Object({
    id: Type.Integer(),
    date: IsoDate(),
    etfCode: Type.String(),
    open: Type.Optional(Type.Number()),
    high: Type.Optional(Type.Number()),
    low: Type.Optional(Type.Number()),
    close: Type.Number(),
    volume: Type.Optional(Type.String({ description: 'Decimal string' })),
    currency: Type.Optional(Type.String()),
  }),
);
export type EtfPriceHistory = Static<typeof EtfPriceHistorySchema>;

const PerformancePointSchema = Type.Object({
  date: Type.String({ description: 'DD-MM-YYYY' }),
  nav: Type.Number(),
  cumulativeReturn: Type.Number({ description: 'Percent since the window start' }),
});
export type PerformancePoint = Static<typeof PerformancePointSchema>;

export const EtfDetailSchema = Type.Object({
  etfCode: Type.String(),
  etfName: Type.String(),
  managementCompany: Type.String(),
  MER: Type.Optional(Type.Number()),
  etfType: Type.String(),
  indexName: Type.Optional(Type.String()),
  listingDate: Type.Optional(IsoDate()),
  currentPrice: Type.Optional(Type.Number()),
  change: Type.Optional(Type.Number()),
  changePct: Type.Optional(Type.Number()),
  lastUpdateDate: Type.Optional(IsoDate()),
  totalAssetValue: Type.Optional(Type.Number()),
  AssetAllocation: Type.Optional(Type.Array(Type.Object({ name: Type.String(), value: Type.Number() }))),
  equityHoldings: Type.Optional(
    Type.Object({
      PE: Type.Optional(Type.String({ description: 'Earnings yield of the holdings, decimal string' })),
      PB: Type.Optional(Type.String()),
      PS: Type.Optional(Type.String()),
      PC: Type.Optional(Type.String()),
    }),
  ),
  sectorWeight: Type.Optional(
    Type.Array(
      Type.Object({
        sector: Nullable(Type.String()),
        weight: Type.Number(),
        month: Type.Optional(Type.Integer()),
        year: Type.Optional(Type.Integer()),
      }),
    ),
  ),
  distributionYield: Type.Optional(Type.Number()),
  netflow: Type.Optional(
    Type.Object({
      data: Type.Array(
        Type.Object({
          date: IsoDate(),
          aum: Type.Optional(Type.Number()),
          netflow: Type.Number(),
          netflowAumPct: Type.Optional(Type.Number()),
        }),
      ),
      periodAvailability: Type.Record(Type.String(), Type.Boolean()),
    }),
  ),
  performance: Type.Optional(
    Type.Object({
      periodAvailability: Type.Record(Type.String(), Type.Boolean()),
      periods: Type.Record(Type.String(), Type.Array(PerformancePointSchema)),
    }),
  ),
});
export type EtfDetail = Static<typeof EtfDetailSchema>;

export const TopPerformanceQuerySchema = {
  period: StringEnum(TOP_PERFORMANCE_PERIODS, { default: '1M', description: 'Look-back window of the ranking' }),
};
export const TopNetflowQuerySchema = {
  type: StringEnum(NETFLOW_TYPES, { default: 'positive', description: 'Inflows (best first) or outflows (largest first)' }),
};
export const CompareCompositionQuerySchema = {
  codes: Type.String({ minLength: 1, description: '2 to 5 comma-separated fund codes' }),
};
export const CompareNavGrowthQuerySchema = { code1: FundCodeSchema, code2: FundCodeSchema };
