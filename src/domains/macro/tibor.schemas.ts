import { Type, type Static } from 'typebox';
import { AsOfDate, Nullable, StringEnum } from '../../kernel/schemas.ts';

export const TIBOR_WINDOWS = ['1M', '3M', '6M', '1Y', '3Y'] as const;
export type TiborWindow = (typeof TIBOR_WINDOWS)[number];

export const TiborQuerySchema = {
  period: StringEnum(TIBOR_WINDOWS, { default: '1Y', description: 'Window counted back from the latest date with data' }),
  asOf: Type.Optional(AsOfDate()),
};

const Tenor = () => Nullable(Type.Number({ description: 'percent; null when not fixed, never 0' }));

export const TiborSchema = Type.Object({
  source: Type.String(),
  unit: Type.String(),
  latestDate: Nullable(Type.String({ format: 'date' })),
  knowledgeAt: Nullable(Type.String({ format: 'date-time' })),
  wasRestated: Type.Boolean(),
  country: Type.String(),
  period: Type.String(),
  from: Nullable(Type.String({ format: 'date' })),
  to: Nullable(Type.String({ format: 'date' })),
  points: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), tibor1w: Tenor(), tibor1m: Tenor(), tibor3m: Tenor(), tibor6m: Tenor() })),
});
export type Tibor = Static<typeof TiborSchema>;
