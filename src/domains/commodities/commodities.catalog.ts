export const COMMODITY_CATEGORIES = ['energy', 'metals', 'agriculture', 'macro'] as const;
export type CommodityCategory = (typeof COMMODITY_CATEGORIES)[number];

/** What a commodity is (not what it costs): served by the list and used to validate imports. */
export interface Commodity {
  id: string;
  name: string;
  category: CommodityCategory;
  unit: string;
  currency: string;
}

const c = (id: string, name: string, category: CommodityCategory, unit: string, currency = 'USD'): Commodity => ({
  id,
  name,
  category,
  unit,
  currency,
});

/** The commodities the hub knows, by slug (the twin's identifiers where it has them). */
export const COMMODITIES: readonly Commodity[] = [
  c('wti-crude', 'WTI Crude Oil', 'energy', 'USD/bbl'),
  c('brent-crude', 'Brent Crude Oil', 'energy', 'USD/bbl'),
  c('natural-gas', 'Natural Gas (Henry Hub)', 'energy', 'USD/MMBtu'),
  c('heating-oil', 'Heating Oil', 'energy', 'USD/gal'),
  c('gasoline-rbob', 'Gasoline (RBOB)', 'energy', 'USD/gal'),
  c('coal-newcastle', 'Coal (Newcastle)', 'energy', 'USD/ton'),
  c('gold', 'Gold', 'metals', 'USD/oz'),
  c('silver', 'Silver', 'metals', 'USD/oz'),
  c('platinum', 'Platinum', 'metals', 'USD/oz'),
  c('palladium', 'Palladium', 'metals', 'USD/oz'),
  c('copper-lme', 'Copper (LME)', 'metals', 'USD/ton'),
  c('aluminium-lme', 'Aluminium (LME)', 'metals', 'USD/ton'),
  c('zinc-lme', 'Zinc (LME)', 'metals', 'USD/ton'),
  c('nickel-lme', 'Nickel (LME)', 'metals', 'USD/ton'),
  c('iron-ore', 'Iron Ore 62% Fe', 'metals', 'USD/ton'),
  c('coffee-arabica', 'Coffee Arabica', 'agriculture', 'USc/lb'),
  c('coffee-robusta', 'Coffee Robusta', 'agriculture', 'USD/ton'),
  c('cocoa', 'Cocoa', 'agriculture', 'USD/ton'),
  c('sugar-11', 'Sugar No.11', 'agriculture', 'USc/lb'),
  c('wheat', 'Wheat', 'agriculture', 'USc/bu'),
  c('corn', 'Corn', 'agriculture', 'USc/bu'),
  c('soybeans', 'Soybeans', 'agriculture', 'USc/bu'),
  c('cotton', 'Cotton', 'agriculture', 'USc/lb'),
  c('palm-oil', 'Palm Oil', 'agriculture', 'MYR/ton', 'MYR'),
  c('rough-rice', 'Rough Rice', 'agriculture', 'USD/cwt'),
  c('baltic-dry', 'Baltic Dry Index (BDI)', 'macro', 'points'),
  c('dxy', 'US Dollar Index (DXY)', 'macro', 'index'),
];

/** The featured strip, in display order. */
export const FEATURED_COMMODITY_IDS = ['gold', 'silver', 'wti-crude', 'brent-crude', 'natural-gas', 'copper-lme'] as const;

/** The two series of the gold-vs-dollar chart. */
export const GOLD_ID = 'gold';
export const DXY_ID = 'dxy';

const byId = new Map(COMMODITIES.map((commodity) => [commodity.id, commodity]));
export function findCommodity(id: string): Commodity | undefined {
  return byId.get(id);
}
