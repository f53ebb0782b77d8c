/**
 * What every data endpoint of `/openapi/v1` reads from the store, field by field: the one
 * declarative map behind `fdh sync coverage`. A field is a path in the answer's `data` (`[]`
 * for each item of a list: `rows[].lastPrice`); its facts are those the domain's service reads
 * to fill it (patterns.ts), for every request the endpoint serves, not only the example's: the FX
 * table reads every default pair, a macro endpoint every country it can be asked for. Only the
 * figures a field is read from are listed; a change or a ratio computed from them reads the same.
 * The catalogues the services read are used here too, so a series added there is read here.
 */
import { COMMODITIES, FEATURED_COMMODITY_IDS } from '../domains/commodities/commodities.catalog.ts';
import { CRYPTO_METRICS } from '../domains/crypto/crypto.metrics.ts';
import { DEFAULT_CORRELATION_ASSETS, DEFAULT_TABLE_PAIRS, EM_PAIRS } from '../domains/fx/fx.catalogue.ts';
import { INDEX_CATALOGUE } from '../domains/indices/indices.catalogue.ts';
import { dollarRateInstrument, euroRateInstrument } from '../domains/instruments/dollar-quotes.ts';
import { BROAD_DOLLAR_INDEX, commodityInstrument, DOLLAR_INDEX, fxInstrument, GOLD, indexInstrument } from '../domains/instruments/instruments.catalogue.ts';
import { MACRO_RELEASE_SERIES } from '../domains/calendar/macro-releases.ts';
import { derivationSeries, INDICATOR_TABLES } from '../domains/macro/indicator-tables.ts';
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
} from '../domains/macro/series.ts';

export interface EndpointFacts {
  /** The registered route below `/openapi/v1`, in Fastify's syntax: `/commodities/:id/history`. */
  path: string;
  /** A request (below `/openapi/v1`) whose answer shows the fields, with the parameters the contract needs. */
  example: string;
  /** Response field (a path in `data`) → the facts it reads. */
  fields: Readonly<Record<string, readonly string[]>>;
  /** Fields shown only by another request than `example` (`/macro/economic-data?type=cpi`). */
  fieldExamples?: Readonly<Record<string, string>>;
  /**
   * Facts served only when a request names them (any stored pair in `/fx/table?pairs=`), beyond
   * the default answer the fields describe: not counted in the coverage, but read.
   */
  onRequest?: readonly string[];
  /** Figures the service computes from those `fields` read (a change, a ratio, a rank): no fact of their own. */
  derived?: readonly string[];
  /** What is no figure: identifiers, the catalogues' names and units, the request echoed, the date that places a figure. */
  labels?: readonly string[];
}

const macro = (series: string): string => `macro_observation:${series}`;
const close = (instrument: string): string => `instrument_close:${instrument}`;
const everyCountry = (...series: CountrySeries[]): string[] => COUNTRIES.flatMap((country) => series.map((s) => macro(countrySeries(country, s))));
const fxCloses = (symbols: readonly string[]): string[] => symbols.map((symbol) => close(fxInstrument(symbol)));
const indexCloses = (board: 'japan' | 'global'): string[] => INDEX_CATALOGUE.filter((index) => index.board === board).map((index) => close(indexInstrument(index.code)));
const commodityCloses = (ids: readonly string[]): string[] => ids.map((id) => close(commodityInstrument(id)));
const ALL_COMMODITIES = COMMODITIES.map((commodity) => commodity.id);
const metric = (...names: string[]): string[] => names.map((name) => `crypto_metric:${name}`);
const m = CRYPTO_METRICS;
const EXCHANGE_RATES = FX_CURRENCIES.filter((currency) => currency !== 'USD').map((currency) => close(dollarRateInstrument(currency)));
const VN_INDEX = close(indexInstrument('VNINDEX'));
/** Real-estate facts are keyed by country; a boundary is the geometry of a province or ward. */
const RE_COUNTRIES = ['jp', 'vn'] as const;
const perCountry = (table: string, suffix = ''): string[] => RE_COUNTRIES.map((country) => `${table}:${country}${suffix}`);

const SNAPSHOT = 'crypto_market_snapshot';

/** The labels every indicator table shares: the table's names, its columns' periods and each row's country. */
const INDICATOR_TABLE_LABELS = ['indicator', 'unit', 'columns[].period', 'columns[].date', 'rows[].country', 'rows[].countryName', 'rows[].basis'];
/** A vintaged answer's knowledge time and restatement flag are read with its figures. */
const VINTAGE_LABELS = ['knowledgeAt', 'wasRestated'];

/** Every indicator table's own endpoint: its rows read the series its derivations name, per country. */
const indicatorTableEndpoints: EndpointFacts[] = INDICATOR_TABLES.map((table) => ({
  path: `/macro/indicators/${table.name}`,
  example: `/macro/indicators/${table.name}`,
  fields: { 'rows[].values': COUNTRIES.flatMap((country) => derivationSeries(table.rows[country].derivation).map((s) => macro(countrySeries(country, s)))) },
  derived: ['rows[].display', 'rows[].available'],
  labels: [...INDICATOR_TABLE_LABELS, ...VINTAGE_LABELS],
}));
const EVERY_INDICATOR_SERIES = [...new Set(indicatorTableEndpoints.flatMap((endpoint) => endpoint.fields['rows[].values'] ?? []))];

const CALENDAR_COUNTRIES = ['us', 'jp', 'vn', 'eu', 'cn'].map((country) => `calendar_event:${country}`);

export const ENDPOINT_FACTS: readonly EndpointFacts[] = [
  // Crypto
  {
    path: '/crypto',
    example: '/crypto',
    fields: {
      totalMarketCap: [SNAPSHOT],
      volume24h: [SNAPSHOT],
      'dominance.btc': [SNAPSHOT],
      'fearGreed.value': ['crypto_fear_greed'],
      'fearGreed.date': ['crypto_fear_greed'],
      'trending[].symbol': [SNAPSHOT, 'crypto_coin'],
      'trending[].name': ['crypto_coin'],
    },
    derived: ['marketCapChange24h', 'volumeChange24h', 'dominance.eth', 'dominance.bnb', 'dominance.sol', 'dominance.xrp', 'dominance.other', 'fearGreed.classification', 'trending[].rank', 'trending[].priceChange24h'],
    labels: ['trending[].tag'],
  },
  {
    path: '/crypto/bubble-map',
    example: '/crypto/bubble-map',
    fields: { 'coins[].marketCap': [SNAPSHOT], 'coins[].symbol': ['crypto_coin'], 'coins[].name': ['crypto_coin'] },
    derived: ['coins[].change', 'coins[].size'],
    labels: ['timeframe'],
  },
  {
    path: '/crypto/onchain',
    example: '/crypto/onchain',
    fields: {
      'ethGas.safe': metric(m.ethGasSafe),
      'ethGas.standard': metric(m.ethGasStandard),
      'ethGas.fast': metric(m.ethGasFast),
      'ethGas.baseFee': metric(m.ethBaseFee),
      'btcHashrate.value': metric(m.btcHashrate),
      btcActiveAddresses: metric(m.btcActiveAddresses),
      whaleTxCount: metric(m.whaleTxCount),
      'mvrv.value': [...metric(m.btcRealizedCap), SNAPSHOT],
      'nupl.value': [...metric(m.btcRealizedCap), SNAPSHOT],
    },
    derived: ['mvrv.zone', 'nupl.zone'],
    labels: ['ethGas.unit', 'btcHashrate.unit'],
  },
  {
    path: '/crypto/derivatives',
    example: '/crypto/derivatives',
    fields: {
      'openInterest.btc.value': metric(m.btcOpenInterest),
      'openInterest.eth.value': metric(m.ethOpenInterest),
      'fundingRate.btc.rate': metric(m.btcFundingRate),
      'fundingRate.eth.rate': metric(m.ethFundingRate),
      'liquidations24h.long': metric(m.liquidationsLong),
      'liquidations24h.short': metric(m.liquidationsShort),
      'putCallRatio.btc.putOi': metric(m.btcPutOi),
      'putCallRatio.btc.callOi': metric(m.btcCallOi),
    },
    derived: ['fundingRate.btc.annualized', 'fundingRate.eth.annualized', 'liquidations24h.total', 'putCallRatio.btc.ratio'],
    labels: ['openInterest.btc.symbol', 'openInterest.btc.unit', 'openInterest.eth.symbol', 'openInterest.eth.unit'],
  },
  {
    path: '/crypto/dominance',
    example: '/crypto/dominance',
    fields: { totalMarketCap: [SNAPSHOT], 'coins[].marketCap': [SNAPSHOT], 'coins[].symbol': ['crypto_coin'], 'coins[].name': ['crypto_coin'] },
    derived: ['coins[].dominancePercentage'],
    labels: ['asOf'],
  },
  // Commodities: names, units and categories are the catalogue's (commodities.catalog.ts).
  {
    path: '/commodities',
    example: '/commodities',
    fields: { '[].lastClose': commodityCloses(ALL_COMMODITIES), '[].updatedAt': commodityCloses(ALL_COMMODITIES) },
    derived: ['[].change1dPct', '[].changeMtdPct', '[].changeYtdPct', '[].ma50', '[].trend', '[].trendline'],
    labels: ['[].id', '[].name', '[].category', '[].unit', '[].currency'],
  },
  {
    path: '/commodities/featured',
    example: '/commodities/featured',
    fields: { '[].lastClose': commodityCloses(FEATURED_COMMODITY_IDS) },
    derived: ['[].change1dPct', '[].changeValue', '[].trendline'],
    labels: ['[].id', '[].name', '[].unit', '[].currency'],
  },
  {
    path: '/commodities/movers',
    example: '/commodities/movers',
    fields: { 'gainers[].changePct': commodityCloses(ALL_COMMODITIES) },
    derived: ['losers[].changePct'],
    labels: ['period', 'gainers[].id', 'gainers[].name', 'losers[].id', 'losers[].name'],
  },
  {
    path: '/commodities/gold-dxy',
    example: '/commodities/gold-dxy',
    fields: { 'series.gold[].value': [close(GOLD)], 'series.dxy[].value': [close(DOLLAR_INDEX)], 'series.gold[].date': [close(GOLD)], 'series.dxy[].date': [close(DOLLAR_INDEX)] },
    derived: ['series.gold[].pctChange', 'series.dxy[].pctChange'],
    labels: ['period'],
  },
  { path: '/commodities/:id/history', example: '/commodities/gold/history', fields: { '[].close': commodityCloses(ALL_COMMODITIES), '[].date': commodityCloses(ALL_COMMODITIES) } },
  // ETF: funds are rows of the ETF tables, whichever fund is asked for.
  {
    path: '/etf',
    example: '/etf',
    fields: {
      '[].etfName': ['etf_fund:name'],
      '[].managementCompany': ['etf_fund:manager'],
      '[].indexName': ['etf_fund:index'],
      '[].trustFee': ['etf_fund:trust_fee'],
      '[].listingDate': ['etf_fund:listing_date'],
      '[].tradingUnit': ['etf_fund:trading_unit'],
      '[].distributionYield': ['etf_fund:distribution_yield'],
      '[].price': ['etf_price'],
      '[].aum': ['etf_nav'],
    },
    labels: ['[].id', '[].etfCode', '[].etfNameJP', '[].country', '[].etfType'],
  },
  { path: '/etf/top-performance', example: '/etf/top-performance', fields: { '[].currentNav': ['etf_nav'], '[].changePercent': ['etf_nav'] }, labels: ['[].etfCode', '[].etfName'] },
  { path: '/etf/top-netflow', example: '/etf/top-netflow', fields: { '[].netflow': ['etf_nav'] }, derived: ['[].netflowAumPercentage'], labels: ['[].etfCode', '[].etfName'] },
  {
    path: '/etf/heatmap',
    example: '/etf/heatmap',
    fields: { '[].closePrice': ['etf_price'], '[].volume': ['etf_price'], '[].marketCap': ['etf_nav'] },
    derived: ['[].tradingValue', '[].priceFluctuation', '[].priceFluctuationPercent', '[].contributionValue', '[].marketCapChange', '[].contributionArea'],
    labels: ['[].code', '[].name', '[].currency', '[].currentDate'],
  },
  {
    path: '/etf/compare/fund-composition',
    example: '/etf/compare/fund-composition?codes=2080,2081',
    fields: { '[].portfolio[].weightPercent': ['etf_holding'], '[].portfolio[].price': ['etf_holding'], '[].portfolio[].volume': ['etf_holding'], '[].sectorAllocation[].value': ['etf_holding:sector', 'equity_issue'] },
    derived: ['[].assetAllocation', '[].sectorAllocation[].percent'],
    labels: ['[].fundCode', '[].portfolio[].symbol', '[].portfolio[].currency', '[].portfolio[].month', '[].sectorAllocation[].sectorName', '[].sectorAllocation[].currency', '[].sectorAllocation[].month'],
  },
  {
    path: '/etf/compare/nav-growth',
    example: '/etf/compare/nav-growth?code1=2080&code2=2081',
    fields: { 'etf1.data': ['etf_nav'], 'etf2.data': ['etf_nav'], 'vnIndex.data': [VN_INDEX] },
    labels: ['etf1.etfCode', 'etf2.etfCode', 'vnIndex.etfCode', 'startDate', 'periodAvailability'],
  },
  { path: '/etf/nav-growth/:code', example: '/etf/nav-growth/1306', fields: { 'etf1.data': ['etf_nav'], 'vnIndex.data': [VN_INDEX] }, labels: ['etf1.etfCode', 'etf2', 'vnIndex.etfCode', 'startDate', 'periodAvailability'] },
  {
    path: '/etf/:code/info',
    example: '/etf/1306/info',
    fields: {
      etfName: ['etf_fund:name'],
      managementCompany: ['etf_fund:manager'],
      indexName: ['etf_fund:index'],
      trustFee: ['etf_fund:trust_fee'],
      listingDate: ['etf_fund:listing_date'],
      tradingUnit: ['etf_fund:trading_unit'],
      distributionYield: ['etf_fund:distribution_yield'],
    },
    labels: ['id', 'etfCode', 'etfNameJP', 'country', 'etfType'],
  },
  {
    path: '/etf/:code/holdings',
    example: '/etf/2081/holdings',
    fields: { '[].sharesAmount': ['etf_holding'], '[].stockPrice': ['etf_holding'], '[].sharesOutstanding': ['etf_nav'] },
    derived: ['[].value'],
    labels: ['[].id', '[].code', '[].name', '[].exchange', '[].currency', '[].etfCode', '[].fundDate', '[].isin'],
  },
  {
    path: '/etf/:code/prices-history',
    example: '/etf/1306/prices-history',
    fields: { '[].close': ['etf_price'], '[].open': ['etf_price'], '[].high': ['etf_price'], '[].low': ['etf_price'], '[].volume': ['etf_price'] },
    labels: ['[].id', '[].date', '[].etfCode', '[].currency'],
  },
  {
    path: '/etf/:code/detail',
    example: '/etf/1306/detail',
    fields: {
      etfName: ['etf_fund:name'],
      managementCompany: ['etf_fund:manager'],
      indexName: ['etf_fund:index'],
      MER: ['etf_fund:trust_fee'],
      listingDate: ['etf_fund:listing_date'],
      distributionYield: ['etf_fund:distribution_yield'],
      currentPrice: ['etf_price'],
      totalAssetValue: ['etf_nav'],
      // A holding without its own sector or asset class takes them from its J-Quants issue (etf.repo.ts).
      'AssetAllocation[].value': ['etf_holding', 'equity_issue'],
      'sectorWeight[].weight': ['etf_holding:sector', 'equity_issue'],
      equityHoldings: ['etf_holding:valuation'],
      'netflow.data[].netflow': ['etf_nav'],
      'performance.periods': ['etf_nav'],
    },
    derived: ['change', 'changePct', 'netflow.data[].aum', 'netflow.data[].netflowAumPct'],
    labels: ['etfCode', 'etfType', 'lastUpdateDate', 'AssetAllocation[].name', 'sectorWeight[].sector', 'sectorWeight[].month', 'sectorWeight[].year', 'netflow.data[].date', 'netflow.periodAvailability', 'performance.periodAvailability'],
  },
  {
    path: '/etf/:code/composition',
    example: '/etf/2081/composition',
    fields: { 'portfolio[].weightPercent': ['etf_holding'], 'portfolio[].price': ['etf_holding'], 'portfolio[].volume': ['etf_holding'], 'sectorAllocation[].value': ['etf_holding:sector', 'equity_issue'] },
    derived: ['assetAllocation', 'sectorAllocation[].percent'],
    labels: ['fundCode', 'portfolio[].symbol', 'portfolio[].currency', 'portfolio[].month', 'sectorAllocation[].sectorName', 'sectorAllocation[].currency', 'sectorAllocation[].month'],
  },
  // FX
  {
    path: '/fx/summary',
    example: '/fx/summary',
    fields: { 'dxy.value': [close(DOLLAR_INDEX)], 'usdJpy.value': fxCloses(['USD/JPY']), 'emStress.level': fxCloses(EM_PAIRS) },
    derived: ['dxy.changePct', 'usdJpy.changePct', 'emStress.score', 'emStress.panicCount', 'emStress.warningCount'],
    labels: ['dxy.asOf', 'dxy.source', 'usdJpy.asOf', 'usdJpy.source'],
  },
  {
    path: '/fx/table',
    example: '/fx/table',
    fields: { 'rows[].lastPrice': fxCloses(DEFAULT_TABLE_PAIRS) },
    derived: ['rows[].changePct', 'rows[].sparkline10d', 'rows[].high52w', 'rows[].low52w'],
    labels: ['asOf', 'rows[].pair', 'rows[].asOf'],
    onRequest: [close('fx:*')],
  },
  {
    path: '/fx/correlation',
    example: '/fx/correlation',
    fields: { matrix: fxCloses(DEFAULT_CORRELATION_ASSETS) },
    derived: ['samples'],
    labels: ['window', 'asOf', 'symbols'],
    // The Fed's broad dollar index is asked for by its FRED id (`assets=DXY,DTWEXBGS`).
    onRequest: [close('fx:*'), close(BROAD_DOLLAR_INDEX)],
  },
  {
    path: '/fx/em-stress',
    example: '/fx/em-stress',
    fields: { 'pairs[].latestPrice': fxCloses(EM_PAIRS) },
    derived: ['pairs[].vol30d', 'pairs[].vol90dMean', 'pairs[].vol90dSd', 'pairs[].zScore', 'pairs[].priceZScore', 'pairs[].level', 'pairs[].sampleN'],
    labels: ['asOf', 'pairs[].pair'],
  },
  // Indices: names, countries and currencies are the catalogue's (indices.catalogue.ts).
  {
    path: '/market/indices/snapshot',
    example: '/market/indices/snapshot',
    fields: { '[].level': indexCloses('japan') },
    derived: ['[].change', '[].changePercent'],
    labels: ['[].code', '[].name', '[].country', '[].region', '[].asOf', '[].currency', '[].source'],
  },
  {
    path: '/market/global-indices',
    example: '/market/global-indices',
    fields: { '[].level': indexCloses('global') },
    derived: ['[].change', '[].changePercent'],
    labels: ['[].code', '[].name', '[].country', '[].region', '[].asOf', '[].currency', '[].source'],
  },
  // Macro
  {
    path: '/macro/gdp-growth-rate',
    example: '/macro/gdp-growth-rate',
    fields: { '[].gdp': everyCountry('gdpNominal'), '[].realGdp': everyCountry('gdpReal') },
    derived: ['[].growthRate', '[].realGrowthRate'],
    labels: ['[].country', '[].quarter', '[].gdpUnit', '[].dateFrom', '[].dateTo'],
  },
  {
    path: '/macro/market-recap',
    example: '/macro/market-recap',
    fields: {
      'nikkeiJpxGold[].value': [close(indexInstrument('N225')), close(commodityInstrument('jpx-gold'))],
      'nikkeiJpxOil[].value': [close(indexInstrument('N225')), close(commodityInstrument('jpx-dubai-crude'))],
      'tokyoStockExchangeReit[].value': [close(indexInstrument('TSEREIT'))],
      'topix[].value': [close(indexInstrument('TOPIX'))],
      'interbankRates3m[].value': [macro(tiborSeries('3m'))],
      // USD/JPY, the ECB's own EUR/JPY, USD/VND.
      'currencyRate[].value': [close(dollarRateInstrument('JPY')), close(euroRateInstrument('JPY')), close(dollarRateInstrument('VND'))],
    },
    derived: ['nikkeiJpxGold[].changeValue', 'nikkeiJpxGold[].changePercent', 'nikkeiJpxOil[].changeValue', 'nikkeiJpxOil[].changePercent', 'tokyoStockExchangeReit[].changeValue', 'tokyoStockExchangeReit[].changePercent', 'topix[].changeValue', 'topix[].changePercent', 'interbankRates3m[].changeValue', 'interbankRates3m[].changePercent', 'currencyRate[].changeValue', 'currencyRate[].changePercent'],
    labels: ['updateTime', ...['nikkeiJpxGold', 'nikkeiJpxOil', 'tokyoStockExchangeReit', 'topix', 'interbankRates3m', 'currencyRate'].flatMap((row) => [`${row}[].index`, `${row}[].datetime`, `${row}[].atClose`])],
  },
  {
    path: '/macro/economic-data',
    example: '/macro/economic-data?type=gdp',
    fields: {
      '[].gdp': everyCountry('gdpNominal'),
      '[].realGdp': everyCountry('gdpReal'),
      '[].cpiPoints': everyCountry('cpi'),
      '[].coreCpiPoints': everyCountry('coreCpi'),
      // Personal consumption expenditures are a US account (BEA); Japan and Vietnam publish none.
      '[].pcePoints': [macro(countrySeries('US', 'pce'))],
      '[].corePcePoints': [macro(countrySeries('US', 'corePce'))],
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
    derived: ['[].growthRate', '[].realGrowthRate', '[].cpiChangeYoyPercent', '[].coreCpiChangeYoyPercent', '[].pceChangeYoyPercent', '[].corePceChangeYoyPercent', '[].tradeBalance'],
    labels: ['[].country', '[].quarter', '[].gdpUnit', '[].dateFrom', '[].dateTo', '[].id', '[].createdAt', '[].updatedAt', '[].observationDate', '[].importTurnoverUnits', '[].exportTurnoverUnits'],
  },
  {
    path: '/macro/exchange-rate',
    example: '/macro/exchange-rate?currency1=USD&currency2=JPY',
    fields: { '[].close': EXCHANGE_RATES },
    labels: ['[].date', '[].exchangeRateName'],
    // A pair of two other currencies is the ECB's euro rate as published, or a cross of the euro rates.
    onRequest: FX_CURRENCIES.filter((currency) => currency !== 'USD' && currency !== 'EUR' && currency !== 'VND').map((currency) => close(euroRateInstrument(currency))),
  },
  {
    path: '/macro/population',
    example: '/macro/population',
    fields: { '[].population': everyCountry('population'), '[].unemploymentRate': everyCountry('unemployment') },
    labels: ['[].country', '[].observationDate'],
  },
  {
    path: '/macro/monetary-policy/central-government-debt',
    example: '/macro/monetary-policy/central-government-debt',
    fields: { '[].centralGovernmentDebt': everyCountry('governmentDebtToGdp') },
    derived: ['[].yoyChange'],
    labels: ['[].observationDate', '[].country'],
  },
  {
    path: '/macro/monetary-policy/rates-yields',
    example: '/macro/monetary-policy/rates-yields',
    fields: { '[].tenYearsGovernmentBondYieldsPct': everyCountry('bond10y'), '[].overnightCallRate': everyCountry('overnightRate') },
    labels: ['[].observationDate', '[].country'],
  },
  {
    path: '/macro/fdi/by-region',
    example: '/macro/fdi/by-region?country=JP',
    fields: Object.fromEntries(
      FDI_DIRECTIONS.flatMap((direction) => [
        [`${direction}[].total`, [macro(fdiSeries(direction, FDI_TOTAL))]],
        [`${direction}[].values`, FDI_REGIONS.map((region) => macro(fdiSeries(direction, region.code)))],
      ]),
    ),
    derived: FDI_DIRECTIONS.map((direction) => `${direction}[].unallocated`),
    labels: [
      'country', 'unit', 'unitScale', 'displayUnit', 'source', 'sourceUrl', 'latestPeriod', ...VINTAGE_LABELS, 'from', 'to', 'quarters', 'regions', 'seriesBreak',
      ...FDI_DIRECTIONS.flatMap((direction) => [`${direction}[].period`, `${direction}[].markers`, `${direction}[].isPreliminary`]),
    ],
  },
  {
    path: '/macro/fdi/vn/flows',
    example: '/macro/fdi/vn/flows',
    fields: {
      'series[].registeredYtd': [macro(VN_FDI.registeredYtd)],
      'series[].realizedYtd': [macro(VN_FDI.realizedYtd)],
      'series[].cutoffDay': [macro(VN_FDI.cutoffDay)],
    },
    derived: ['series[].registered', 'series[].realized', 'series[].registeredYoy', 'cumulative'],
    labels: ['country', 'unit', 'unitScale', 'displayUnit', 'source', 'latestPeriod', ...VINTAGE_LABELS, 'months', 'from', 'to', 'series[].period', 'series[].source'],
  },
  {
    path: '/macro/interbank-rates/jp/tibor',
    example: '/macro/interbank-rates/jp/tibor',
    fields: Object.fromEntries(TIBOR_TENORS.map((tenor) => [`points[].tibor${tenor}`, [macro(tiborSeries(tenor))]])),
    labels: ['source', 'unit', 'latestDate', ...VINTAGE_LABELS, 'country', 'period', 'from', 'to', 'points[].date'],
  },
  { path: '/macro/indicators', example: '/macro/indicators', fields: { '[].latestPeriod': EVERY_INDICATOR_SERIES }, labels: ['[].name', '[].indicator', '[].unit', '[].frequency', '[].countries'] },
  ...indicatorTableEndpoints,
  // Equities (the Tokyo market; 8697 is Japan Exchange Group)
  {
    path: '/market/:market/equities',
    example: '/market/jp/equities',
    fields: { '[].name': ['equity_issue'], '[].sector': ['equity_issue'], '[].listedOn': ['equity_issue:listed_on'] },
    labels: ['[].symbol', '[].code', '[].segment', '[].securityType'],
  },
  {
    path: '/market/:market/equities/:code',
    example: '/market/jp/equities/8697',
    fields: {
      name: ['equity_issue'],
      listedOn: ['equity_issue:listed_on'],
      price: ['equity_bar', 'equity_session'],
      sharesOutstanding: ['equity_statement'],
      fiscalYearEndMonth: ['equity_statement'],
      tradingDate: ['equity_bar', 'equity_session'],
      marketCap: ['equity_bar', 'equity_statement'],
    },
    derived: ['change', 'changePercent'],
    labels: ['symbol', 'code', 'sector', 'segment', 'securityType'],
  },
  {
    path: '/market/:market/equities/:code/prices',
    example: '/market/jp/equities/8697/prices?range=max',
    fields: { 'points[].close': ['equity_bar'], 'points[].volume': ['equity_bar'], 'points[].tradingValue': ['equity_bar'], 'points[].adjustedClose': ['equity_bar', 'equity_action'] },
    derived: ['points[].adjustedVolume'],
    labels: ['range', 'from', 'to', 'isPartial', 'points[].date'],
  },
  {
    path: '/market/:market/equities/:code/financial-statements',
    example: '/market/jp/equities/8697/financial-statements',
    fields: { 'rows[].values': ['equity_statement'] },
    // A row's breakdown (`of which`) is laid out from the same stored statement (statement-layout.ts); most rows have none.
    derived: ['rows[].children'],
    labels: ['statement', 'currency', 'columns', 'rows[].key', 'rows[].label', 'rows[].unit', 'dataAsOf', 'lastUpdatedAt'],
  },
  {
    path: '/market/:market/equities/:code/related-stocks',
    example: '/market/jp/equities/8697/related-stocks',
    fields: { 'items[].price': ['equity_issue', 'equity_bar'], 'items[].marketCap': ['equity_bar', 'equity_statement'] },
    derived: ['items[].change', 'items[].changePercent'],
    labels: ['basis', 'sector', 'items[].symbol', 'items[].code', 'items[].name', 'items[].tradingDate'],
  },
  {
    path: '/market/:market/equities/:code/corporate-actions',
    example: '/market/jp/equities/8697/corporate-actions',
    fields: { '[].ratio': ['equity_action'], '[].effectiveDate': ['equity_action'] },
    derived: ['[].adjustmentFactor'],
    labels: ['[].type'],
  },
  {
    path: '/market/:market/sectors',
    example: '/market/jp/sectors',
    fields: { '[].stockCount': ['equity_issue'], '[].tradingDate': ['equity_bar', 'equity_session'], '[].marketCap': ['equity_issue', 'equity_bar', 'equity_statement'] },
    derived: ['[].changePercent', '[].advancers', '[].decliners', '[].unchanged'],
    labels: ['[].code', '[].name'],
  },
  // News: the sentiment is the hub's own score of the stored articles (sentiment.scorer.ts).
  {
    path: '/news/feed',
    example: '/news/feed?limit=100',
    fields: { '[].title': ['news_article'], '[].summary': ['news_article'], '[].url': ['news_article'], '[].publishedAt': ['news_article'], '[].symbols': ['news_article_symbol'], '[].categories': ['news_article_category'] },
    derived: ['[].sentiment'],
    labels: ['[].id', '[].source', '[].language'],
  },
  {
    path: '/news/sentiment',
    example: '/news/sentiment',
    fields: { articleCount: ['news_article'], averageScore: ['news_article'] },
    derived: ['positive', 'neutral', 'negative', 'label', 'daily'],
    labels: ['symbol', 'window', 'from', 'to', 'model'],
  },
  // Calendar: the actual of a macro release is the indicator table's cell (macro-releases.ts).
  {
    path: '/calendar/events',
    example: '/calendar/events',
    // The events of each country come from its own agencies' schedules.
    fields: { '[].name': CALENDAR_COUNTRIES, '[].time': CALENDAR_COUNTRIES, '[].forecast': CALENDAR_COUNTRIES.map((country) => `${country}.forecast`), '[].actual': MACRO_RELEASE_SERIES.map(macro) },
    // Released events: the coming week's have no actual yet.
    fieldExamples: { '[].actual': '/calendar/events?from=2026-06-01&to=2026-06-18' },
    derived: ['[].previous'],
    labels: ['[].id', '[].country', '[].importance', '[].period', '[].unit', '[].source'],
  },
  // Real estate
  {
    path: '/real-estate/:country/provinces',
    example: '/real-estate/all/provinces',
    fields: { '[].name': perCountry('re_province'), '[].bbox': perCountry('re_province', '.boundary') },
    labels: ['[].id', '[].code', '[].country'],
  },
  {
    path: '/real-estate/:country/geojson',
    example: '/real-estate/vn/geojson',
    fields: {
      'wards[].coordinates': perCountry('re_ward', '.boundary'),
      'wards[].wardName': perCountry('re_ward'),
      'wards[].avgPriceResidentialVt1': ['re_road_price'],
    },
    derived: ['wards[].area', 'wards[].avgPriceResidentialVt2', 'wards[].avgPriceResidentialVt3', 'wards[].avgPriceResidentialVt4', 'wards[].minPriceResidential', 'wards[].maxPriceResidential', 'wards[].roadCount', 'availableYears', 'latestYear'],
    labels: ['wards[].wardId', 'wards[].areaName', 'wards[].unit'],
  },
  {
    path: '/real-estate/:country/provinces/:provinceId/prices',
    example: '/real-estate/vn/provinces/2/prices',
    fields: { 'points[].price': ['re_province_price'], 'points[].listings': ['re_province_price'] },
    derived: ['changePct', 'points[].momPct', 'points[].yoyPct'],
    labels: ['provinceId', 'country', 'propertyType', 'unit', 'source', 'latestPeriod', 'points[].period'],
  },
  {
    path: '/real-estate/:country/provinces/:provinceId/wards',
    example: '/real-estate/vn/provinces/2/wards',
    fields: { '[].wardName': perCountry('re_ward'), '[].avgPriceResidentialVt1': ['re_road_price'] },
    derived: ['[].area', '[].avgPriceResidentialVt2', '[].avgPriceResidentialVt3', '[].avgPriceResidentialVt4', '[].minPriceResidential', '[].maxPriceResidential', '[].roadCount'],
    labels: ['[].wardId', '[].areaName', '[].unit'],
  },
  {
    path: '/real-estate/jp/provinces/:provinceId/wards/:wardId/transactions',
    example: '/real-estate/jp/provinces/113/wards/1013102/transactions',
    fields: {
      wardName: ['re_ward:jp'],
      'transactions[].price': ['re_transaction:jp'],
      'transactions[].area': ['re_transaction:jp'],
      'transactions[].tradePeriod': ['re_transaction:jp'],
      'transactions[].buildingYear': ['re_transaction:jp'],
    },
    derived: ['count', 'medianPricePerM2', 'transactions[].pricePerM2'],
    labels: ['provinceId', 'wardId', 'currency', 'source', 'transactions[].id', 'transactions[].type', 'transactions[].structure', 'transactions[].floorPlan'],
  },
];
