import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';
import { commodityInstrument, DOLLAR_INDEX, GOLD } from '../instruments/instruments.catalogue.ts';
import { COMMODITIES, FEATURED_COMMODITY_IDS } from './commodities.catalog.ts';

/** What each commodities endpoint reads (src/edge/route-reads.ts): names, units and categories are the catalogue's (commodities.catalog.ts). */

const closesOf = (ids: readonly string[]) => ids.map((id) => storedFacts.close(commodityInstrument(id)));
const EVERY_CLOSE = closesOf(COMMODITIES.map((commodity) => commodity.id));

export const commoditiesListReads: RouteReads = {
  example: '/commodities',
  fields: { '[].lastClose': EVERY_CLOSE, '[].updatedAt': EVERY_CLOSE },
  derived: ['[].change1dPct', '[].changeMtdPct', '[].changeYtdPct', '[].ma50', '[].trend', '[].trendline'],
  labels: ['[].id', '[].name', '[].category', '[].unit', '[].currency'],
};

export const commoditiesFeaturedReads: RouteReads = {
  example: '/commodities/featured',
  fields: { '[].lastClose': closesOf(FEATURED_COMMODITY_IDS) },
  derived: ['[].change1dPct', '[].changeValue', '[].trendline'],
  labels: ['[].id', '[].name', '[].unit', '[].currency'],
};

export const commoditiesMoversReads: RouteReads = {
  example: '/commodities/movers',
  fields: { 'gainers[].changePct': EVERY_CLOSE },
  derived: ['losers[].changePct'],
  labels: ['period', 'gainers[].id', 'gainers[].name', 'losers[].id', 'losers[].name'],
};

export const commoditiesGoldDxyReads: RouteReads = {
  example: '/commodities/gold-dxy',
  fields: {
    'series.gold[].value': [storedFacts.close(GOLD)],
    'series.dxy[].value': [storedFacts.close(DOLLAR_INDEX)],
    'series.gold[].date': [storedFacts.close(GOLD)],
    'series.dxy[].date': [storedFacts.close(DOLLAR_INDEX)],
  },
  derived: ['series.gold[].pctChange', 'series.dxy[].pctChange'],
  labels: ['period'],
};

/** A history reads the one commodity its path names. */
export const commoditiesHistoryReads: RouteReads<{ id: string }> = {
  example: '/commodities/gold/history',
  fields: { '[].close': EVERY_CLOSE, '[].date': EVERY_CLOSE },
  named: ({ params }) => closesOf([params.id]),
};
