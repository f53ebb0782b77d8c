import { Type, type Static } from 'typebox';
import { AsOfDate, CountryCode, IsoDate, Nullable, StringEnum } from '../../kernel/schemas.ts';

/** Point-in-time facts of twin endpoints travel in `meta`: their `data` is the twin's array. */
export const VintageMetaSchema = {
  knowledgeAt: Nullable(Type.String({ format: 'date-time', description: 'Latest learning time among the served figures' })),
  wasRestated: Type.Boolean({ description: 'A served figure replaced a different earlier one at or before the cut-off' }),
};

const asOf = Type.Optional(AsOfDate());
const country = (fallback: string) => CountryCode({ default: fallback, description: 'US, JP or VN (either case)' });

export const GdpGrowthRateQuerySchema = { country: country('JP'), asOf };

export const ECONOMIC_DATA_TYPES = ['gdp', 'cpi', 'pce', 'import-export'] as const;
export type EconomicDataType = (typeof ECONOMIC_DATA_TYPES)[number];
export const ECONOMIC_DATA_WINDOWS = ['1Y', '3Y', '10Y'] as const;
export const EconomicDataQuerySchema = {
  type: StringEnum(ECONOMIC_DATA_TYPES),
  country: country('JP'),
  period: StringEnum(ECONOMIC_DATA_WINDOWS, { default: '10Y' }),
  asOf,
};

export const EXCHANGE_RATE_WINDOWS = ['1M', '3M', '6M', '1Y', '3Y', '5Y', '10Y', '20Y'] as const;
export const ExchangeRateQuerySchema = {
  currency1: Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code of the base currency' }),
  currency2: Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code of the quote currency' }),
  period: Type.Optional(StringEnum(EXCHANGE_RATE_WINDOWS, { description: 'Omitted: 1Y' })),
  before: Type.Optional(IsoDate({ description: 'Only closes strictly before this date' })),
  asOf,
};

export const PopulationQuerySchema = { country: country('JP'), period: StringEnum(['1Y', '3Y', '10Y'] as const, { default: '1Y' }), asOf };
export const GovernmentDebtQuerySchema = { country: country('US'), period: StringEnum(['5Y', '10Y', '20Y'] as const, { default: '5Y' }), asOf };
export const RatesYieldsQuerySchema = { country: country('JP'), period: StringEnum(['1Y', '3Y', '10Y'] as const, { default: '10Y' }), asOf };
export const MarketRecapQuerySchema = { asOf };

export const EconomicDataPointSchema = Type.Object({
  country: Type.String(),
  quarter: Type.String({ description: 'Qn YYYY' }),
  gdp: Type.String({ description: 'Nominal GDP as a decimal string' }),
  gdpUnit: Nullable(Type.String()),
  growthRate: Nullable(Type.Number({ description: 'Percent change of nominal GDP on the previous quarter' })),
  realGdp: Nullable(Type.Number()),
  realGrowthRate: Nullable(Type.Number({ description: 'Percent change of real GDP on the previous quarter' })),
  dateFrom: Type.String({ format: 'date-time' }),
  dateTo: Type.String({ format: 'date-time' }),
});
export type EconomicDataPoint = Static<typeof EconomicDataPointSchema>;

const record = {
  id: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  country: Type.String(),
  observationDate: Type.String({ format: 'date' }),
};
const figure = () => Nullable(Type.Number());

export const CpiPointSchema = Type.Object({
  ...record,
  cpiPoints: figure(),
  coreCpiPoints: figure(),
  cpiChangeYoyPercent: figure(),
  coreCpiChangeYoyPercent: figure(),
});
export const PcePointSchema = Type.Object({
  ...record,
  pcePoints: figure(),
  corePcePoints: figure(),
  pceChangeYoyPercent: figure(),
  corePceChangeYoyPercent: figure(),
});
export const ImportExportPointSchema = Type.Object({
  ...record,
  tradeBalance: figure(),
  importTurnover: figure(),
  exportTurnover: figure(),
  importTurnoverUnits: Nullable(Type.String()),
  exportTurnoverUnits: Nullable(Type.String()),
  ppiPoints: figure(),
  ipiPoints: figure(),
  epiPoints: figure(),
});
export type CpiPoint = Static<typeof CpiPointSchema>;
export type PcePoint = Static<typeof PcePointSchema>;
export type ImportExportPoint = Static<typeof ImportExportPointSchema>;

export const GdpGrowthRateSchema = Type.Array(EconomicDataPointSchema);
export const EconomicDataSchema = Type.Union([
  Type.Array(EconomicDataPointSchema),
  Type.Array(CpiPointSchema),
  Type.Array(PcePointSchema),
  Type.Array(ImportExportPointSchema),
]);
export type EconomicData = Static<typeof EconomicDataSchema>;

export const ExchangeRateSchema = Type.Array(
  Type.Object({ date: Type.String({ format: 'date-time' }), close: Type.Number(), exchangeRateName: Type.String() }),
);
export type ExchangeRatePoints = Static<typeof ExchangeRateSchema>;

export const PopulationSchema = Type.Array(
  Type.Object({ country: Type.String(), observationDate: Type.String({ format: 'date' }), population: figure(), unemploymentRate: figure() }),
);
export type PopulationPoints = Static<typeof PopulationSchema>;

export const GovernmentDebtSchema = Type.Array(
  Type.Object({
    observationDate: Type.String({ format: 'date' }),
    country: Type.String(),
    centralGovernmentDebt: Type.Number({ description: 'Percent of GDP' }),
    yoyChange: Nullable(Type.Number({ description: 'Change in percentage points against four quarters earlier' })),
  }),
);
export type GovernmentDebtPoints = Static<typeof GovernmentDebtSchema>;

export const RatesYieldsSchema = Type.Array(
  Type.Object({
    observationDate: Type.String({ format: 'date' }),
    country: Type.String(),
    tenYearsGovernmentBondYieldsPct: figure(),
    overnightCallRate: figure(),
  }),
);
export type RatesYieldsPoints = Static<typeof RatesYieldsSchema>;

const MarketIndexSchema = Type.Object({
  index: Type.String(),
  value: figure(),
  changeValue: figure(),
  changePercent: figure(),
  datetime: Type.String({ description: 'Japan time, no zone' }),
  atClose: Type.String(),
});
const InterbankRateSchema = Type.Object({
  index: Type.String(),
  value: Type.Number(),
  changeValue: figure(),
  changePercent: figure(),
  datetime: Type.String(),
  atClose: Type.String(),
});
export type MarketIndexItem = Static<typeof MarketIndexSchema>;
export type InterbankRateItem = Static<typeof InterbankRateSchema>;

export const MarketRecapSchema = Type.Object({
  updateTime: Type.String({ description: 'Japan time, no zone' }),
  nikkeiJpxGold: Type.Array(MarketIndexSchema),
  nikkeiJpxOil: Type.Array(MarketIndexSchema),
  tokyoStockExchangeReit: Type.Array(MarketIndexSchema),
  topix: Type.Array(MarketIndexSchema),
  interbankRates3m: Type.Array(InterbankRateSchema),
  currencyRate: Type.Array(MarketIndexSchema),
});
export type MarketRecap = Static<typeof MarketRecapSchema>;
