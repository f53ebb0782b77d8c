import { Type, type Static } from 'typebox';
import { IsoDate, IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';
import { SEGMENTS } from './sectors.ts';

export const PRICE_RANGES = ['5d', '1m', '3m', '6m', '1y', '3y', '5y', 'max'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
export const STATEMENT_KINDS = ['income-statement', 'balance-sheet'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
/** Defaults of contract section 3 (and of our list endpoint). */
export const DEFAULT_PRICE_RANGE: PriceRange = '1y';
export const DEFAULT_STATEMENT: StatementKind = 'income-statement';
export const DEFAULT_RELATED_LIMIT = 6;
export const DEFAULT_LIST_LIMIT = 20;
export const CLASSIFICATIONS = ['RAW', 'RAW+COMPUTED'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

/**
 * `market` and `code` are plain strings so the handler can answer `MARKET_NOT_SUPPORTED`
 * before anything is said about the code (the edge's own 400 would name no such code).
 */
export const MarketParamsSchema = {
  market: Type.String({ description: 'Market; only `jp` (Tokyo) is supported' }),
};
export const EquityParamsSchema = {
  ...MarketParamsSchema,
  code: Type.String({ description: '4-character ticker (`7203`, `130A`) or 5-character code (`72030`)' }),
};

/** The equities meta, on every equities response (contract section 4). */
export const EquitiesMetaSchema = {
  source: Type.Array(Type.String(), { description: 'Origins of the figures (`demo` for demo data)' }),
  as_of: Nullable(IsoDate({ description: 'Latest date the figures describe; null only for an empty store' })),
  unit: Type.String({ description: 'Currency of the figures' }),
  classification: StringEnum(CLASSIFICATIONS),
  formula_version: Type.String(),
  was_restated: Type.Boolean(),
  served_from_cache: Type.Boolean(),
  cache_expires_at: IsoDateTime(),
};
export const EquitiesListMetaSchema = {
  ...EquitiesMetaSchema,
  nextCursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page' })),
};

const SectorRefSchema = Type.Object({ code: Type.String(), name: Type.String() });

export const EquitiesListQuerySchema = {
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Ticker or code prefix, or part of the name (case-insensitive)' })),
  sector33: Type.Optional(Type.String({ pattern: '^\\d{4}$', description: 'TSE 33-sector code, e.g. `3650`' })),
  segment: Type.Optional(StringEnum(SEGMENTS)),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: DEFAULT_LIST_LIMIT }),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9A-Z]{5}$', description: '`meta.nextCursor` of the previous page' })),
};

export const EquitySummarySchema = Type.Object({
  symbol: Type.String({ description: '5-character code' }),
  code: Type.String({ description: '4-character ticker' }),
  name: Type.String(),
  sector: SectorRefSchema,
  segment: StringEnum(SEGMENTS),
  securityType: StringEnum(['common', 'preferred'] as const),
  listedOn: Nullable(IsoDate()),
});
export const EquitiesListSchema = Type.Array(EquitySummarySchema);

export const EquityProfileSchema = Type.Object({
  symbol: Type.String(),
  code: Type.String(),
  name: Type.String(),
  sector: SectorRefSchema,
  segment: StringEnum(SEGMENTS),
  securityType: StringEnum(['common', 'preferred'] as const),
  listedOn: Nullable(IsoDate()),
  fiscalYearEndMonth: Nullable(Type.Integer({ minimum: 1, maximum: 12 })),
  sharesOutstanding: Nullable(Type.Number({ description: 'On the share base of the latest session' })),
  price: Nullable(Type.Number({ description: 'Close of the latest session' })),
  change: Nullable(Type.Number()),
  changePercent: Nullable(Type.Number()),
  tradingDate: Nullable(IsoDate()),
  marketCap: Nullable(Type.Number({ description: 'sharesOutstanding × price' })),
});

export const PricesQuerySchema = {
  range: StringEnum(PRICE_RANGES, { default: DEFAULT_PRICE_RANGE }),
};
export const PricePointSchema = Type.Object({
  date: IsoDate(),
  close: Type.Number(),
  adjustedClose: Type.Number(),
  volume: Type.Number(),
  adjustedVolume: Type.Number(),
  tradingValue: Type.Number(),
});
export const EquityPricesSchema = Type.Object({
  range: StringEnum(PRICE_RANGES),
  from: Nullable(IsoDate()),
  to: Nullable(IsoDate()),
  isPartial: Type.Boolean(),
  points: Type.Array(PricePointSchema),
});

export const StatementQuerySchema = {
  statement: StringEnum(STATEMENT_KINDS, { default: DEFAULT_STATEMENT }),
};
export const StatementColumnSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  periodType: StringEnum(['ttm', 'annual'] as const),
  periodEnd: IsoDate(),
});
export interface StatementRow {
  key: string;
  label: string;
  unit: string;
  values: Record<string, number | null>;
  children: StatementRow[];
}
const StatementValuesSchema = Type.Record(Type.String(), Nullable(Type.Number()));
const StatementLeafSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  unit: Type.String(),
  values: StatementValuesSchema,
  children: Type.Array(Type.Unknown(), { maxItems: 0 }),
});
// Two levels are all the statements have; a fixed depth keeps the schema serialisable without $ref.
export const StatementRowSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  unit: Type.String(),
  values: StatementValuesSchema,
  children: Type.Array(StatementLeafSchema),
});
export const FinancialStatementSchema = Type.Object({
  statement: StringEnum(STATEMENT_KINDS),
  currency: Type.String(),
  columns: Type.Array(StatementColumnSchema),
  rows: Type.Array(StatementRowSchema),
  dataAsOf: Nullable(IsoDate()),
  lastUpdatedAt: Nullable(IsoDateTime()),
});

export const RelatedQuerySchema = {
  limit: Type.Integer({ minimum: 1, maximum: 12, default: DEFAULT_RELATED_LIMIT }),
};
export const RelatedItemSchema = Type.Object({
  symbol: Type.String(),
  code: Type.String(),
  name: Type.String(),
  price: Type.Number(),
  change: Nullable(Type.Number()),
  changePercent: Nullable(Type.Number()),
  tradingDate: IsoDate(),
  marketCap: Type.Number(),
});
export const RelatedStocksSchema = Type.Object({
  basis: StringEnum(['sector33', 'sector33_segment'] as const),
  sector: SectorRefSchema,
  items: Type.Array(RelatedItemSchema),
});

export const CorporateActionSchema = Type.Object({
  effectiveDate: IsoDate({ description: 'First session on the new share base' }),
  type: StringEnum(['split', 'reverse_split'] as const),
  ratio: Type.Number({ description: 'Shares after per share before (2 for a 1:2 split, 0.1 for a 10:1 reverse split)' }),
  adjustmentFactor: Type.Number({ description: 'What earlier prices are multiplied by: 1 / ratio' }),
});
export const CorporateActionsSchema = Type.Array(CorporateActionSchema);

export const SectorPerformanceSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  stockCount: Type.Integer(),
  tradingDate: Nullable(IsoDate()),
  marketCap: Nullable(Type.Number()),
  changePercent: Nullable(Type.Number({ description: 'Market-cap weighted change of the day' })),
  advancers: Type.Integer(),
  decliners: Type.Integer(),
  unchanged: Type.Integer(),
});
export const SectorsSchema = Type.Array(SectorPerformanceSchema);

export type EquitySummary = Static<typeof EquitySummarySchema>;
export type EquityProfile = Static<typeof EquityProfileSchema>;
export type EquityPrices = Static<typeof EquityPricesSchema>;
export type FinancialStatement = Static<typeof FinancialStatementSchema>;
export type StatementColumn = Static<typeof StatementColumnSchema>;
export type RelatedStocks = Static<typeof RelatedStocksSchema>;
export type RelatedItem = Static<typeof RelatedItemSchema>;
export type CorporateAction = Static<typeof CorporateActionSchema>;
export type SectorPerformance = Static<typeof SectorPerformanceSchema>;
