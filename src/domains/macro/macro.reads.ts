import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';
import { dollarRateInstrument, euroRateInstrument, pairInstruments } from '../instruments/dollar-quotes.ts';
import { commodityInstrument, indexInstrument } from '../instruments/instruments.catalogue.ts';
import { derivationSeries, INDICATOR_TABLES, type IndicatorTableDefinition } from './indicator-tables.ts';
import { MAX_INDICATOR_PERIODS } from './indicators.schemas.ts';
import {
  COUNTRIES,
  countrySeries,
  FDI_DIRECTIONS,
  FDI_REGIONS,
  FDI_TOTAL,
  fdiSeries,
  FX_CURRENCIES,
  TIBOR_TENORS,
  tiborSeries,
  VN_FDI,
  type CountrySeries,
  type MacroCountry,
} from './series.ts';

/** What each macro endpoint reads (src/edge/route-reads.ts): a macro endpoint reads every country it can be asked for. */

const everyCountry = (...series: CountrySeries[]) => COUNTRIES.flatMap((country) => series.map((s) => storedFacts.macro(countrySeries(country, s))));
const indexClose = (code: string) => storedFacts.close(indexInstrument(code));
const commodityClose = (id: string) => storedFacts.close(commodityInstrument(id));

/** A vintaged answer's knowledge time and restatement flag are read with its figures. */
const VINTAGE_LABELS = ['knowledgeAt', 'wasRestated'];
/** The labels every indicator table shares: the table's names, its columns' periods and each row's country. */
const INDICATOR_TABLE_LABELS = ['indicator', 'unit', 'columns[].period', 'columns[].date', 'rows[].country', 'rows[].countryName', 'rows[].basis'];

export const gdpGrowthRateReads: RouteReads = {
  example: '/macro/gdp-growth-rate',
  fields: { '[].gdp': everyCountry('gdpNominal'), '[].realGdp': everyCountry('gdpReal') },
  derived: ['[].growthRate', '[].realGrowthRate'],
  labels: ['[].country', '[].quarter', '[].gdpUnit', '[].dateFrom', '[].dateTo'],
};

const RECAP_ROWS = ['nikkeiJpxGold', 'nikkeiJpxOil', 'tokyoStockExchangeReit', 'topix', 'interbankRates3m', 'currencyRate'];

export const marketRecapReads: RouteReads = {
  example: '/macro/market-recap',
  fields: {
    'nikkeiJpxGold[].value': [indexClose('N225'), commodityClose('jpx-gold')],
    'nikkeiJpxOil[].value': [indexClose('N225'), commodityClose('jpx-dubai-crude')],
    'tokyoStockExchangeReit[].value': [indexClose('TSEREIT')],
    'topix[].value': [indexClose('TOPIX')],
    'interbankRates3m[].value': [storedFacts.macro(tiborSeries('3m'))],
    // USD/JPY, the ECB's own EUR/JPY, USD/VND.
    'currencyRate[].value': [
      storedFacts.close(dollarRateInstrument('JPY')),
      storedFacts.close(euroRateInstrument('JPY')),
      storedFacts.close(dollarRateInstrument('VND')),
    ],
  },
  derived: RECAP_ROWS.flatMap((row) => [`${row}[].changeValue`, `${row}[].changePercent`]),
  labels: ['updateTime', ...RECAP_ROWS.flatMap((row) => [`${row}[].index`, `${row}[].datetime`, `${row}[].atClose`])],
};

export const economicDataReads: RouteReads = {
  example: '/macro/economic-data?type=gdp',
  fields: {
    '[].gdp': everyCountry('gdpNominal'),
    '[].realGdp': everyCountry('gdpReal'),
    '[].cpiPoints': everyCountry('cpi'),
    '[].coreCpiPoints': everyCountry('coreCpi'),
    // Personal consumption expenditures are a US account (BEA); Japan and Vietnam publish none.
    '[].pcePoints': [storedFacts.macro(countrySeries('US', 'pce'))],
    '[].corePcePoints': [storedFacts.macro(countrySeries('US', 'corePce'))],
    '[].exportTurnover': everyCountry('exports'),
    '[].importTurnover': everyCountry('imports'),
    '[].ppiPoints': everyCountry('producerPrices'),
    '[].ipiPoints': everyCountry('importPrices'),
    '[].epiPoints': everyCountry('exportPrices'),
  },
  fieldExamples: {
    '[].cpiPoints': '/macro/economic-data?type=cpi',
    '[].coreCpiPoints': '/macro/economic-data?type=cpi',
    '[].pcePoints': '/macro/economic-data?type=pce&country=US',
    '[].corePcePoints': '/macro/economic-data?type=pce&country=US',
    '[].exportTurnover': '/macro/economic-data?type=import-export',
    '[].importTurnover': '/macro/economic-data?type=import-export',
    '[].ppiPoints': '/macro/economic-data?type=import-export',
    '[].ipiPoints': '/macro/economic-data?type=import-export',
    '[].epiPoints': '/macro/economic-data?type=import-export',
  },
  derived: [
    '[].growthRate',
    '[].realGrowthRate',
    '[].cpiChangeYoyPercent',
    '[].coreCpiChangeYoyPercent',
    '[].pceChangeYoyPercent',
    '[].corePceChangeYoyPercent',
    '[].tradeBalance',
  ],
  labels: [
    '[].country',
    '[].quarter',
    '[].gdpUnit',
    '[].dateFrom',
    '[].dateTo',
    '[].id',
    '[].createdAt',
    '[].updatedAt',
    '[].observationDate',
    '[].importTurnoverUnits',
    '[].exportTurnoverUnits',
  ],
};

/** A pair reads the instruments the service reads for it, whichever route each day takes through them. */
export const exchangeRateReads: RouteReads<unknown, { currency1: string; currency2: string }> = {
  example: '/macro/exchange-rate?currency1=USD&currency2=JPY',
  fields: { '[].close': FX_CURRENCIES.filter((currency) => currency !== 'USD').map((currency) => storedFacts.close(dollarRateInstrument(currency))) },
  labels: ['[].date', '[].exchangeRateName'],
  // A pair of two other currencies is the ECB's euro rate as published, or a cross of the euro rates.
  onRequest: FX_CURRENCIES.filter((currency) => currency !== 'USD' && currency !== 'EUR' && currency !== 'VND').map((currency) =>
    storedFacts.close(euroRateInstrument(currency)),
  ),
  named: ({ query }) => pairInstruments(query.currency1.toUpperCase(), query.currency2.toUpperCase()).map(storedFacts.close),
};

export const populationReads: RouteReads = {
  example: '/macro/population',
  fields: { '[].population': everyCountry('population'), '[].unemploymentRate': everyCountry('unemployment') },
  labels: ['[].country', '[].observationDate'],
};

export const centralGovernmentDebtReads: RouteReads = {
  example: '/macro/monetary-policy/central-government-debt',
  fields: { '[].centralGovernmentDebt': everyCountry('governmentDebtToGdp') },
  derived: ['[].yoyChange'],
  labels: ['[].observationDate', '[].country'],
};

export const ratesYieldsReads: RouteReads = {
  example: '/macro/monetary-policy/rates-yields',
  fields: { '[].tenYearsGovernmentBondYieldsPct': everyCountry('bond10y'), '[].overnightCallRate': everyCountry('overnightRate') },
  labels: ['[].observationDate', '[].country'],
};

export const fdiByRegionReads: RouteReads = {
  example: '/macro/fdi/by-region?country=JP',
  fields: Object.fromEntries(
    FDI_DIRECTIONS.flatMap((direction) => [
      [`${direction}[].total`, [storedFacts.macro(fdiSeries(direction, FDI_TOTAL))]],
      [`${direction}[].values`, FDI_REGIONS.map((region) => storedFacts.macro(fdiSeries(direction, region.code)))],
    ]),
  ),
  derived: FDI_DIRECTIONS.map((direction) => `${direction}[].unallocated`),
  labels: [
    'country',
    'unit',
    'unitScale',
    'displayUnit',
    'source',
    'sourceUrl',
    'latestPeriod',
    ...VINTAGE_LABELS,
    'from',
    'to',
    'quarters',
    'regions',
    'seriesBreak',
    ...FDI_DIRECTIONS.flatMap((direction) => [`${direction}[].period`, `${direction}[].markers`, `${direction}[].isPreliminary`]),
  ],
};

export const vnFdiFlowsReads: RouteReads = {
  example: '/macro/fdi/vn/flows',
  fields: {
    'series[].registeredYtd': [storedFacts.macro(VN_FDI.registeredYtd)],
    'series[].realizedYtd': [storedFacts.macro(VN_FDI.realizedYtd)],
    'series[].cutoffDay': [storedFacts.macro(VN_FDI.cutoffDay)],
  },
  derived: ['series[].registered', 'series[].realized', 'series[].registeredYoy', 'cumulative'],
  labels: [
    'country',
    'unit',
    'unitScale',
    'displayUnit',
    'source',
    'latestPeriod',
    ...VINTAGE_LABELS,
    'months',
    'from',
    'to',
    'series[].period',
    'series[].source',
  ],
};

export const tiborReads: RouteReads = {
  example: '/macro/interbank-rates/jp/tibor',
  fields: Object.fromEntries(TIBOR_TENORS.map((tenor) => [`points[].tibor${tenor}`, [storedFacts.macro(tiborSeries(tenor))]])),
  labels: ['source', 'unit', 'latestDate', ...VINTAGE_LABELS, 'country', 'period', 'from', 'to', 'points[].date'],
};

/** Every indicator table's own endpoint: its rows read the series its derivations name, per country. */
export const indicatorTableReads = (table: IndicatorTableDefinition): RouteReads => {
  const rowFacts = (country: MacroCountry) => derivationSeries(table.rows[country].derivation).map((s) => storedFacts.macro(countrySeries(country, s)));
  return {
    example: `/macro/indicators/${table.name}`,
    fields: { 'rows[].values': COUNTRIES.flatMap(rowFacts) },
    derived: ['rows[].display', 'rows[].available'],
    labels: [...INDICATOR_TABLE_LABELS, ...VINTAGE_LABELS],
    rows: {
      list: 'rows',
      label: 'country',
      facts: Object.fromEntries(COUNTRIES.map((country) => [country, rowFacts(country)])),
      whole: { request: `/macro/indicators/${table.name}?periods=${MAX_INDICATOR_PERIODS}`, periods: 'columns[].period' },
    },
  };
};

export const indicatorsReads: RouteReads = {
  example: '/macro/indicators',
  fields: { '[].latestPeriod': [...new Set(INDICATOR_TABLES.flatMap((table) => indicatorTableReads(table).fields['rows[].values'] ?? []))] },
  labels: ['[].name', '[].indicator', '[].unit', '[].frequency', '[].countries'],
};
