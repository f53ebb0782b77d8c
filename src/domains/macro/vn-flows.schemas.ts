import { Type, type Static } from 'typebox';
import { AsOfDate, Nullable } from '../../kernel/schemas.ts';

export const VnFlowsQuerySchema = {
  months: Type.Integer({ minimum: 1, maximum: 60, default: 12, description: 'Months in `series` (1–60); `cumulative` is unaffected' }),
  asOf: Type.Optional(AsOfDate()),
};

export const VnFlowItemSchema = Type.Object({
  period: Type.String({ description: 'YYYY-MM' }),
  registered: Nullable(Type.Number({ description: 'Stand-alone month: YTD(m) − YTD(m−1) within the year' })),
  realized: Nullable(Type.Number()),
  registeredYtd: Nullable(Type.Number()),
  realizedYtd: Nullable(Type.Number()),
  registeredYoy: Nullable(Type.Number({ description: 'Percent change of registeredYtd against the same month a year earlier' })),
  cutoffDay: Nullable(Type.Integer({ description: 'Day of the month up to which the publisher counted' })),
  source: Type.String(),
});
export type VnFlowItem = Static<typeof VnFlowItemSchema>;

export const VnFlowsSchema = Type.Object({
  country: Type.String(),
  unit: Type.String(),
  unitScale: Type.Number(),
  displayUnit: Type.String(),
  source: Type.String(),
  latestPeriod: Nullable(Type.String()),
  knowledgeAt: Nullable(Type.String({ format: 'date-time' })),
  wasRestated: Type.Boolean(),
  months: Type.Integer(),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  series: Type.Array(VnFlowItemSchema),
  cumulative: Type.Array(
    Type.Object({
      year: Type.Integer(),
      registered: Type.Array(Nullable(Type.Number())),
      realized: Type.Array(Nullable(Type.Number())),
    }),
  ),
});
export type VnFlows = Static<typeof VnFlowsSchema>;
