export interface RealEstateProvinceRow {
  id: number;
  country: string;
  code: string;
  name_vi: string;
  name_en: string;
  source: string;
}

/** An administrative unit below a province; `geometry` is its polygon's rings as JSON ([lon, lat] pairs). */
export interface RealEstateWardRow {
  id: number;
  province_id: number;
  name: string;
  area_name: string;
  /** 1 for an island unit far off the coast (kept out of the province's bbox), else 0. */
  offshore: number;
  geometry: string;
  source: string;
}

/**
 * One road of a published land-price table: Vietnam's provincial table (positions VT1–VT4,
 * thousand VND per m²) or Japan's route prices (one figure, thousand JPY per m²).
 */
export interface RealEstateRoadPriceRow {
  ward_id: number;
  year: number;
  road: string;
  vt1: number | null;
  vt2: number | null;
  vt3: number | null;
  vt4: number | null;
  source: string;
}

/** A published monthly average asking price per m² in a province, by property type. */
export interface RealEstateProvincePriceRow {
  province_id: number;
  month: string;
  property_type: string;
  price: number;
  listings: number;
  source: string;
}

/** One transaction as MLIT publishes it (Japan only). */
export interface RealEstateTransactionRow {
  id: string;
  ward_id: number;
  type: string;
  area: number;
  price: number;
  building_year: number | null;
  structure: string | null;
  floor_plan: string | null;
  trade_period: string;
  source: string;
}

/** The real-estate domain's tables. */
export interface RealEstateTables {
  re_province: RealEstateProvinceRow;
  re_ward: RealEstateWardRow;
  re_road_price: RealEstateRoadPriceRow;
  re_province_price: RealEstateProvincePriceRow;
  re_transaction: RealEstateTransactionRow;
}
