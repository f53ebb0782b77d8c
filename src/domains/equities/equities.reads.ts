import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';

/** What each equities endpoint reads (src/edge/route-reads.ts): the Tokyo market; an issue's rows are their table's (8697 is Japan Exchange Group). */

const ISSUE = storedFacts.table('equity_issue');
const LISTED_ON = storedFacts.equityIssue('listed_on');
const BAR = storedFacts.table('equity_bar');
const SESSION = storedFacts.table('equity_session');
const STATEMENT = storedFacts.table('equity_statement');
const ACTION = storedFacts.table('equity_action');

export const equitiesListReads: RouteReads = {
  example: '/market/jp/equities',
  fields: { '[].name': [ISSUE], '[].sector': [ISSUE], '[].listedOn': [LISTED_ON] },
  labels: ['[].symbol', '[].code', '[].segment', '[].securityType'],
};

export const equityProfileReads: RouteReads = {
  example: '/market/jp/equities/8697',
  fields: {
    name: [ISSUE],
    listedOn: [LISTED_ON],
    price: [BAR, SESSION],
    sharesOutstanding: [STATEMENT],
    fiscalYearEndMonth: [STATEMENT],
    tradingDate: [BAR, SESSION],
    marketCap: [BAR, STATEMENT],
  },
  derived: ['change', 'changePercent'],
  labels: ['symbol', 'code', 'sector', 'segment', 'securityType'],
};

export const equityPricesReads: RouteReads = {
  example: '/market/jp/equities/8697/prices?range=max',
  fields: { 'points[].close': [BAR], 'points[].volume': [BAR], 'points[].tradingValue': [BAR], 'points[].adjustedClose': [BAR, ACTION] },
  derived: ['points[].adjustedVolume'],
  labels: ['range', 'from', 'to', 'isPartial', 'points[].date'],
};

export const financialStatementsReads: RouteReads = {
  example: '/market/jp/equities/8697/financial-statements',
  fields: { 'rows[].values': [STATEMENT] },
  // A row's breakdown (`of which`) is laid out from the same stored statement (statement-layout.ts); most rows have none.
  derived: ['rows[].children'],
  labels: ['statement', 'currency', 'columns', 'rows[].key', 'rows[].label', 'rows[].unit', 'dataAsOf', 'lastUpdatedAt'],
};

export const relatedStocksReads: RouteReads = {
  example: '/market/jp/equities/8697/related-stocks',
  fields: { 'items[].price': [ISSUE, BAR], 'items[].marketCap': [BAR, STATEMENT] },
  derived: ['items[].change', 'items[].changePercent'],
  labels: ['basis', 'sector', 'items[].symbol', 'items[].code', 'items[].name', 'items[].tradingDate'],
};

export const corporateActionsReads: RouteReads = {
  example: '/market/jp/equities/8697/corporate-actions',
  fields: { '[].ratio': [ACTION], '[].effectiveDate': [ACTION] },
  derived: ['[].adjustmentFactor'],
  labels: ['[].type'],
};

export const sectorsReads: RouteReads = {
  example: '/market/jp/sectors',
  fields: { '[].stockCount': [ISSUE], '[].tradingDate': [BAR, SESSION], '[].marketCap': [ISSUE, BAR, STATEMENT] },
  derived: ['[].changePercent', '[].advancers', '[].decliners', '[].unchanged'],
  labels: ['[].code', '[].name'],
};
