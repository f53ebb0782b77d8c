import { Type, type Static } from 'typebox';
import { IsoDate, IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';
import { COMMODITY_CATEGORIES } from './commodities.catalog.ts';

export const LIST_SORTS = ['name', 'price', 'change_1d', 'mtd', 'ytd'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const HISTORY_PERIODS = ['7d', '1m', '3m', 'ytd', '1y'] as const;
export const HISTORY_INTERVALS = ['daily', 'weekly'] as const;
export const GOLD_DXY_PERIODS = ['1m', '3m', 'ytd'] as const;
export const MOVER_PERIODS = ['mtd'] as const;

export const ListQuerySchema = {
  category: Type.Optional(StringEnum(COMMODITY_CATEGORIES)),
  search: Type.Optional(Type.String({ maxLength: 100, description: 'Case-insensitive part of the name or slug' })),
  sort: StringEnum(LIST_SORTS, { default: 'name' }),
  order: StringEnum(SORT_ORDERS, { default: 'desc' }),
};

export const MoversQuerySchema = {
  period: StringEnum(MOVER_PERIODS, { default: 'mtd' }),
  limit: Type.Integer({ minimum: 1, maximum: 10, default: 3 }),
};

export const GoldDxyQuerySchema = {
  period: StringEnum(GOLD_DXY_PERIODS, { default: '3m' }),
};

export const HistoryParamsSchema = { id: Type.String({ description: 'Commodity slug, as the list returns it' }) };
export const HistoryQuerySchema = {
  period: StringEnum(HISTORY_PERIODS, { default: '3m' }),
  interval: StringEnum(HISTORY_INTERVALS, { default: 'daily', description: 'weekly: the last trading day of each week' }),
};

export const CommodityPriceSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: StringEnum(COMMODITY_CATEGORIES),
  unit: Type.String(),
  lastClose: Nullable(Type.Number()),
  currency: Type.String(),
  change1dPct: Nullable(Type.Number()),
  changeMtdPct: Nullable(Type.Number()),
  changeYtdPct: Nullable(Type.Number()),
  ma50: Nullable(Type.Number({ description: 'Mean of the last 50 closes' })),
  trend: Nullable(StringEnum(['bullish', 'bearish'] as const, { description: 'bullish when lastClose > ma50' })),
  trendline: Type.Array(Type.Number(), { description: 'The last 5 closes, oldest first' }),
  updatedAt: Type.Optional(IsoDateTime({ description: 'Date of the last close, at 00:00 UTC' })),
});
export const CommodityListSchema = Type.Array(CommodityPriceSchema);
export type CommodityPrice = Static<typeof CommodityPriceSchema>;

export const FeaturedCommoditiesSchema = Type.Array(
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    unit: Type.String(),
    lastClose: Nullable(Type.Number()),
    currency: Type.String(),
    change1dPct: Nullable(Type.Number()),
    changeValue: Nullable(Type.Number()),
    trendline: Type.Array(Type.Number()),
  }),
);
export type FeaturedCommodities = Static<typeof FeaturedCommoditiesSchema>;

const MoverSchema = Type.Object({ id: Type.String(), name: Type.String(), changePct: Type.Number() });
export const CommodityMoversSchema = Type.Object({
  period: Type.String(),
  gainers: Type.Array(MoverSchema),
  losers: Type.Array(MoverSchema),
});
export type CommodityMovers = Static<typeof CommodityMoversSchema>;

const IndexedPointSchema = Type.Object({
  date: IsoDate(),
  pctChange: Type.Number({ description: 'Percent change from the first point of the window' }),
  value: Type.Number(),
});
export const GoldDxySchema = Type.Object({
  period: Type.String(),
  series: Type.Object({ gold: Type.Array(IndexedPointSchema), dxy: Type.Array(IndexedPointSchema) }),
});
export type GoldDxy = Static<typeof GoldDxySchema>;

export const CommodityHistorySchema = Type.Array(Type.Object({ date: IsoDate(), close: Type.Number() }));
export type CommodityHistory = Static<typeof CommodityHistorySchema>;
