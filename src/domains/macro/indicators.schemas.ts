import { Type, type Static } from 'typebox';
import { AsOfDate, Nullable } from '../../kernel/schemas.ts';

/** The most columns a table answers (contract section 4). */
export const MAX_INDICATOR_PERIODS = 204;

export const IndicatorQuerySchema = {
  periods: Type.Integer({ minimum: 1, maximum: MAX_INDICATOR_PERIODS, default: 4, description: `Most recent periods (columns), 1–${MAX_INDICATOR_PERIODS}` }),
  asOf: Type.Optional(AsOfDate()),
};

export const IndicatorListQuerySchema = {
  asOf: Type.Optional(AsOfDate()),
};

export const IndicatorListSchema = Type.Array(
  Type.Object({
    name: Type.String(),
    indicator: Type.String(),
    unit: Type.String(),
    frequency: Type.String({ description: '`quarter` or `month`' }),
    countries: Type.Array(Type.String()),
    latestPeriod: Nullable(Type.String()),
  }),
);
export type IndicatorList = Static<typeof IndicatorListSchema>;

export const IndicatorTableSchema = Type.Object({
  indicator: Type.String(),
  unit: Type.String(),
  knowledgeAt: Nullable(Type.String({ format: 'date-time' })),
  wasRestated: Type.Boolean(),
  columns: Type.Array(Type.Object({ period: Type.String(), date: Type.String({ format: 'date' }) })),
  rows: Type.Array(
    Type.Object({
      country: Type.String(),
      countryName: Type.String(),
      available: Type.Boolean(),
      values: Type.Array(Nullable(Type.Number())),
      display: Type.Array(Type.String({ description: 'Two decimals; an em dash (—) for null' })),
      basis: Type.String(),
    }),
  ),
});
export type IndicatorTable = Static<typeof IndicatorTableSchema>;
