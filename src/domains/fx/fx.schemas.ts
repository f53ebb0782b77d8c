import { Type, type Static } from 'typebox';
import { IsoDate, Nullable, StringEnum } from '../../kernel/schemas.ts';
import { STRESS_LEVELS, SUMMARY_LEVELS } from './fx.em-stress.ts';

export const FxRateSchema = Type.Object({
  value: Type.Number({ description: 'Latest close' }),
  changePct: Type.Number({ description: 'Percent change from the previous stored close' }),
  asOf: IsoDate({ description: 'Date of the latest close' }),
  source: Nullable(Type.String()),
});

export const FxEmStressSummarySchema = Type.Object({
  level: StringEnum(SUMMARY_LEVELS),
  score: Type.Integer({ description: '2 × panicCount + warningCount' }),
  panicCount: Type.Integer(),
  warningCount: Type.Integer(),
});

export const FxSummarySchema = Type.Object({
  dxy: Nullable(FxRateSchema),
  usdJpy: Nullable(FxRateSchema),
  emStress: Nullable(FxEmStressSummarySchema),
});
export type FxSummary = Static<typeof FxSummarySchema>;
export type FxRate = Static<typeof FxRateSchema>;

export const FxTableQuerySchema = {
  pairs: Type.Optional(
    Type.String({
      description: 'Comma-separated pairs (`EUR/USD,USD/JPY`). Omitted: the majors and the main Asian EM pairs.',
      examples: ['EUR/USD,USD/JPY'],
    }),
  ),
};

export const FxTableRowSchema = Type.Object({
  pair: Type.String(),
  lastPrice: Type.Number(),
  changePct: Type.Number({ description: 'Percent change from the previous stored close' }),
  sparkline10d: Type.Array(Type.Number(), { description: 'The last 10 closes, oldest first' }),
  high52w: Nullable(Type.Number({ description: 'Highest close of the last 52 weeks; null when the history is shorter' })),
  low52w: Nullable(Type.Number({ description: 'Lowest close of the last 52 weeks; null when the history is shorter' })),
  asOf: IsoDate(),
});

export const FxTableSchema = Type.Object({
  asOf: Nullable(IsoDate()),
  rows: Type.Array(FxTableRowSchema),
});
export type FxTable = Static<typeof FxTableSchema>;
export type FxTableRow = Static<typeof FxTableRowSchema>;

export const FxCorrelationQuerySchema = {
  assets: Type.Optional(
    Type.String({
      description: 'Comma-separated pairs, `DXY` and `XAU/USD` (2 to 20). Omitted: DXY, the majors, USD/CNY and gold.',
      examples: ['DXY,EUR/USD,XAU/USD'],
    }),
  ),
};

export const FxCorrelationSchema = Type.Object({
  window: Type.String({ description: 'The last 90 dates on which every asset has a close' }),
  asOf: Nullable(IsoDate()),
  samples: Type.Integer({ description: 'Daily log returns per asset the correlations use' }),
  symbols: Type.Array(Type.String()),
  matrix: Type.Array(Type.Array(Nullable(Type.Number())), {
    description: 'Pearson correlation of daily log returns; matrix[i][j] pairs symbols[i] and symbols[j]; null when undefined (no variance)',
  }),
});
export type FxCorrelation = Static<typeof FxCorrelationSchema>;

export const FxEmStressPairSchema = Type.Object({
  pair: Type.String(),
  latestPrice: Nullable(Type.Number()),
  vol30d: Nullable(Type.Number({ description: 'Annualised volatility of the last 30 daily log returns, percent' })),
  vol90dMean: Nullable(Type.Number({ description: 'Mean of the rolling 30-day volatility over the last 90 days, percent' })),
  vol90dSd: Nullable(Type.Number({ description: 'Sample standard deviation of that rolling volatility, percent' })),
  zScore: Nullable(Type.Number({ description: '(vol30d − vol90dMean) / vol90dSd' })),
  priceZScore: Nullable(Type.Number({ description: 'Latest close against the mean and sd of the last 90 closes' })),
  level: StringEnum(STRESS_LEVELS),
  sampleN: Type.Integer({ description: 'Rolling volatility values in the baseline (90 when complete)' }),
});

export const FxEmStressSchema = Type.Object({
  asOf: Nullable(IsoDate()),
  pairs: Type.Array(FxEmStressPairSchema),
});
export type FxEmStress = Static<typeof FxEmStressSchema>;
export type FxEmStressPair = Static<typeof FxEmStressPairSchema>;
