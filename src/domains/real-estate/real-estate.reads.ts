import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts, type StoredFact } from '../../facts/names.ts';

/** What each real-estate endpoint reads (src/edge/route-reads.ts): facts keyed by country; a boundary is the geometry of a province or ward. */

const RE_COUNTRIES = ['jp', 'vn'] as const;
const perCountry = (fact: (country: string) => StoredFact) => RE_COUNTRIES.map((country) => fact(country));
const ROAD_PRICE = storedFacts.table('re_road_price');
const PROVINCE_PRICE = storedFacts.table('re_province_price');
const JP_TRANSACTIONS = storedFacts.transactions('jp');

export const provincesReads: RouteReads = {
  example: '/real-estate/all/provinces',
  fields: { '[].name': perCountry(storedFacts.province), '[].bbox': perCountry(storedFacts.provinceBoundary) },
  labels: ['[].id', '[].code', '[].country'],
};

export const geojsonReads: RouteReads = {
  example: '/real-estate/vn/geojson',
  fields: {
    'wards[].coordinates': perCountry(storedFacts.wardBoundary),
    'wards[].wardName': perCountry(storedFacts.ward),
    'wards[].avgPriceResidentialVt1': [ROAD_PRICE],
  },
  derived: [
    'wards[].area',
    'wards[].avgPriceResidentialVt2',
    'wards[].avgPriceResidentialVt3',
    'wards[].avgPriceResidentialVt4',
    'wards[].minPriceResidential',
    'wards[].maxPriceResidential',
    'wards[].roadCount',
    'availableYears',
    'latestYear',
  ],
  labels: ['wards[].wardId', 'wards[].areaName', 'wards[].unit'],
};

export const provincePricesReads: RouteReads = {
  example: '/real-estate/vn/provinces/2/prices',
  fields: { 'points[].price': [PROVINCE_PRICE], 'points[].listings': [PROVINCE_PRICE] },
  derived: ['changePct', 'points[].momPct', 'points[].yoyPct'],
  labels: ['provinceId', 'country', 'propertyType', 'unit', 'source', 'latestPeriod', 'points[].period'],
};

export const wardsReads: RouteReads = {
  example: '/real-estate/vn/provinces/2/wards',
  fields: { '[].wardName': perCountry(storedFacts.ward), '[].avgPriceResidentialVt1': [ROAD_PRICE] },
  derived: [
    '[].area',
    '[].avgPriceResidentialVt2',
    '[].avgPriceResidentialVt3',
    '[].avgPriceResidentialVt4',
    '[].minPriceResidential',
    '[].maxPriceResidential',
    '[].roadCount',
  ],
  labels: ['[].wardId', '[].areaName', '[].unit'],
};

export const transactionsReads: RouteReads = {
  example: '/real-estate/jp/provinces/113/wards/1013102/transactions',
  fields: {
    wardName: [storedFacts.ward('jp')],
    'transactions[].price': [JP_TRANSACTIONS],
    'transactions[].area': [JP_TRANSACTIONS],
    'transactions[].tradePeriod': [JP_TRANSACTIONS],
    'transactions[].buildingYear': [JP_TRANSACTIONS],
  },
  derived: ['count', 'medianPricePerM2', 'transactions[].pricePerM2'],
  labels: ['provinceId', 'wardId', 'currency', 'source', 'transactions[].id', 'transactions[].type', 'transactions[].structure', 'transactions[].floorPlan'],
};
