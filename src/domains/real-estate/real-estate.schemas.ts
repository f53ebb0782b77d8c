import { Type, type Static } from 'typebox';
import { Nullable, Quarter, StringEnum } from '../../kernel/schemas.ts';

export const COUNTRIES = ['jp', 'vn'] as const;
export type Country = (typeof COUNTRIES)[number];
export const COUNTRY_SCOPES = ['jp', 'vn', 'all'] as const;
export type CountryScope = (typeof COUNTRY_SCOPES)[number];

/** No enum on purpose: as in the twin, an unknown country is a 404 (a resource that does not exist). */
export const CountryParamsSchema = {
  country: Type.String({ description: 'jp, vn or all (lower case); another value is a 404' }),
};
const ProvinceId = Type.Integer({ minimum: 1, description: 'Province id from the provinces list' });
export const ProvinceParamsSchema = { ...CountryParamsSchema, provinceId: ProvinceId };
export const WardParamsSchema = { provinceId: ProvinceId, wardId: Type.Integer({ minimum: 1, description: 'Ward id from the wards list' }) };

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';
export const ProvincesQuerySchema = {
  lang: StringEnum(LANGUAGES, { default: DEFAULT_LANGUAGE }),
};

export const ProvinceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  country: StringEnum(COUNTRIES),
  bbox: Nullable(
    Type.Array(Type.Number(), {
      minItems: 4,
      maxItems: 4,
      description: '[minLon, minLat, maxLon, maxLat] of the wards, offshore units excluded; null without wards',
    }),
  ),
});
export const ProvincesSchema = Type.Array(ProvinceSchema);

const wardSummaryProperties = {
  wardId: Type.Integer(),
  wardName: Type.String(),
  areaName: Type.String(),
  area: Type.String(),
  avgPriceResidentialVt1: Nullable(Type.Number()),
  avgPriceResidentialVt2: Nullable(Type.Number()),
  avgPriceResidentialVt3: Nullable(Type.Number()),
  avgPriceResidentialVt4: Nullable(Type.Number()),
  minPriceResidential: Nullable(Type.Number()),
  maxPriceResidential: Nullable(Type.Number()),
  roadCount: Nullable(Type.Integer()),
  unit: Type.String({ description: 'k_vnd or k_jpy: thousands of the local currency per m²' }),
};
export const WardSummarySchema = Type.Object(wardSummaryProperties);
export type WardSummary = Static<typeof WardSummarySchema>;
export const WardSummariesSchema = Type.Array(WardSummarySchema);

export const GeoJsonQuerySchema = {
  provinceId: Type.Optional(ProvinceId),
};

export const GeoJsonSchema = Type.Object({
  wards: Type.Array(
    Type.Object({
      ...wardSummaryProperties,
      coordinates: Type.Array(Type.Array(Type.Array(Type.Number())), {
        description: 'Polygon rings of [lon, lat] positions; each ring closed, the outer ring counter-clockwise',
      }),
    }),
  ),
  availableYears: Type.Array(Type.Integer()),
  latestYear: Nullable(Type.Integer()),
});
export type GeoJson = Static<typeof GeoJsonSchema>;

export const PROPERTY_TYPES = ['apartment', 'land'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const DEFAULT_PROPERTY_TYPE: PropertyType = 'apartment';
export const DEFAULT_PRICE_MONTHS = 24;
export const PricesQuerySchema = {
  type: StringEnum(PROPERTY_TYPES, { default: DEFAULT_PROPERTY_TYPE }),
  months: Type.Integer({ minimum: 1, maximum: 120, default: DEFAULT_PRICE_MONTHS }),
};

export const PriceSeriesSchema = Type.Object({
  provinceId: Type.Integer(),
  country: StringEnum(COUNTRIES),
  propertyType: StringEnum(PROPERTY_TYPES),
  unit: Type.String({ description: 'k_vnd or k_jpy per m²' }),
  source: Type.String(),
  latestPeriod: Nullable(Type.String({ description: 'YYYY-MM' })),
  changePct: Nullable(Type.Number({ description: 'Percent change from the first to the last point served' })),
  points: Type.Array(
    Type.Object({
      period: Type.String({ description: 'YYYY-MM' }),
      price: Type.Number({ description: 'Average asking price per m²' }),
      listings: Type.Integer(),
      momPct: Nullable(Type.Number({ description: 'Percent change from the previous month' })),
      yoyPct: Nullable(Type.Number({ description: 'Percent change from the same month a year earlier' })),
    }),
  ),
});
export type PriceSeries = Static<typeof PriceSeriesSchema>;

export const TransactionsQuerySchema = {
  from: Type.Optional(Quarter()),
  to: Type.Optional(Quarter()),
};

export const TransactionsSchema = Type.Object({
  provinceId: Type.Integer(),
  wardId: Type.Integer(),
  wardName: Type.String(),
  currency: Type.Literal('JPY'),
  source: Type.String(),
  count: Type.Integer(),
  medianPricePerM2: Nullable(Type.Number()),
  transactions: Type.Array(
    Type.Object({
      id: Type.String(),
      type: Type.String({ description: 'MLIT transaction type, e.g. "Pre-owned Condominiums, etc."' }),
      area: Type.Number({ description: 'm²' }),
      price: Type.Number({ description: 'Trade price, JPY' }),
      pricePerM2: Type.Number({ description: 'price / area, JPY' }),
      buildingYear: Nullable(Type.Integer()),
      structure: Nullable(Type.String({ description: 'RC, SRC, S, LS, W, …' })),
      floorPlan: Nullable(Type.String()),
      tradePeriod: Type.String({ description: 'YYYY-Qn' }),
    }),
  ),
});
export type Transactions = Static<typeof TransactionsSchema>;
