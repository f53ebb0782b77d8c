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
import { dollarRateInstrument } from '../domains/instruments/dollar-quotes.ts';
import { commodityInstrument, DOLLAR_INDEX, fxInstrument, GOLD, indexInstrument } from '../domains/instruments/instruments.catalogue.ts';
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

/** Every indicator table's own endpoint: its rows read the series its derivations name, per country. */
const indicatorTableEndpoints: EndpointFacts[] = INDICATOR_TABLES.map((table) => ({
  path: `/macro/indicators/${table.name}`,
  example: `/macro/indicators/${table.name}`,
  fields: { 'rows[].values': COUNTRIES.flatMap((country) => derivationSeries(table.rows[country].derivation).map((s) => macro(countrySeries(country, s)))) },
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
      'dominance.btc': [SNAPSHOT],
      'fearGreed.value': ['crypto_fear_greed'],
      'trending[].symbol': [SNAPSHOT, 'crypto_coin'],
    },
  },
  { path: '/crypto/bubble-map', example: '/crypto/bubble-map', fields: { 'coins[].marketCap': [SNAPSHOT], 'coins[].name': ['crypto_coin'] } },
  {
    path: '/crypto/onchain',
    example: '/crypto/onchain',
    fields: {
      'ethGas.standard': metric(m.ethGasSafe, m.ethGasStandard, m.ethGasFast),
      'ethGas.baseFee': metric(m.ethBaseFee),
      'btcHashrate.value': metric(m.btcHashrate),
      btcActiveAddresses: metric(m.btcActiveAddresses),
      whaleTxCount: metric(m.whaleTxCount),
      'mvrv.value': [...metric(m.btcRealizedCap), SNAPSHOT],
      'nupl.value': [...metric(m.btcRealizedCap), SNAPSHOT],
    },
  },
  {
    path: '/crypto/derivatives',
    example: '/crypto/derivatives',
    fields: {
      'openInterest.btc': metric(m.btcOpenInterest),
      'openInterest.eth': metric(m.ethOpenInterest),
      'fundingRate.btc': metric(m.btcFundingRate),
      'fundingRate.eth': metric(m.ethFundingRate),
      'liquidations24h.total': metric(m.liquidationsLong, m.liquidationsShort),
      'putCallRatio.btc': metric(m.btcPutOi, m.btcCallOi),
    },
  },
  { path: '/crypto/dominance', example: '/crypto/dominance', fields: { totalMarketCap: [SNAPSHOT], 'coins[].dominancePercentage': [SNAPSHOT, 'crypto_coin'] } },
  // Commodities
  { path: '/commodities', example: '/commodities', fields: { '[].lastClose': commodityCloses(ALL_COMMODITIES) } },
  { path: '/commodities/featured', example: '/commodities/featured', fields: { '[].lastClose': commodityCloses(FEATURED_COMMODITY_IDS) } },
  { path: '/commodities/movers', example: '/commodities/movers', fields: { 'gainers[].changePct': commodityCloses(ALL_COMMODITIES) } },
  { path: '/commodities/gold-dxy', example: '/commodities/gold-dxy', fields: { 'series.gold': [close(GOLD)], 'series.dxy': [close(DOLLAR_INDEX)] } },
  { path: '/commodities/:id/history', example: '/commodities/gold/history', fields: { '[].close': commodityCloses(ALL_COMMODITIES) } },
  // ETF: funds are rows of the ETF tables, whichever fund is asked for.
  { path: '/etf', example: '/etf', fields: { '[].etfName': ['etf_fund:name'], '[].price': ['etf_price'], '[].aum': ['etf_nav'] } },
  { path: '/etf/top-performance', example: '/etf/top-performance', fields: { '[].currentNav': ['etf_nav'], '[].changePercent': ['etf_nav'] } },
  { path: '/etf/top-netflow', example: '/etf/top-netflow', fields: { '[].netflow': ['etf_nav'] } },
  { path: '/etf/heatmap', example: '/etf/heatmap', fields: { '[].closePrice': ['etf_price'], '[].volume': ['etf_price'] } },
  { path: '/etf/compare/fund-composition', example: '/etf/compare/fund-composition?codes=1306,1321', fields: { '[].portfolio[].weightPercent': ['etf_holding'] } },
  {
    path: '/etf/compare/nav-growth',
    example: '/etf/compare/nav-growth?code1=1305&code2=1306',
    fields: { 'etf1.data': ['etf_nav'], 'etf2.data': ['etf_nav'], 'vnIndex.data': [VN_INDEX] },
  },
  { path: '/etf/nav-growth/:code', example: '/etf/nav-growth/1306', fields: { 'etf1.data': ['etf_nav'], 'vnIndex.data': [VN_INDEX] } },
  { path: '/etf/:code/info', example: '/etf/1306/info', fields: { etfName: ['etf_fund:name'], managementCompany: ['etf_fund:manager'], indexName: ['etf_fund:index'], trustFee: ['etf_fund:trust_fee'] } },
  { path: '/etf/:code/holdings', example: '/etf/1306/holdings', fields: { '[].sharesAmount': ['etf_holding'] } },
  { path: '/etf/:code/prices-history', example: '/etf/1306/prices-history', fields: { '[].close': ['etf_price'] } },
  {
    path: '/etf/:code/detail',
    example: '/etf/1306/detail',
    fields: { etfName: ['etf_fund:name'], currentPrice: ['etf_price'], totalAssetValue: ['etf_nav'], sectorWeight: ['etf_holding'] },
  },
  { path: '/etf/:code/composition', example: '/etf/1306/composition', fields: { 'portfolio[].weightPercent': ['etf_holding'] } },
  // FX
  {
    path: '/fx/summary',
    example: '/fx/summary',
    fields: { 'dxy.value': [close(DOLLAR_INDEX)], 'usdJpy.value': fxCloses(['USD/JPY']), 'emStress.level': fxCloses(EM_PAIRS) },
  },
  { path: '/fx/table', example: '/fx/table', fields: { 'rows[].lastPrice': fxCloses(DEFAULT_TABLE_PAIRS) }, onRequest: [close('fx:*')] },
  { path: '/fx/correlation', example: '/fx/correlation', fields: { matrix: fxCloses(DEFAULT_CORRELATION_ASSETS) }, onRequest: [close('fx:*')] },
  { path: '/fx/em-stress', example: '/fx/em-stress', fields: { 'pairs[].latestPrice': fxCloses(EM_PAIRS) } },
  // Indices
  { path: '/market/indices/snapshot', example: '/market/indices/snapshot', fields: { '[].level': indexCloses('japan') } },
  { path: '/market/global-indices', example: '/market/global-indices', fields: { '[].level': indexCloses('global') } },
  // Macro
  { path: '/macro/gdp-growth-rate', example: '/macro/gdp-growth-rate', fields: { '[].gdp': everyCountry('gdpNominal'), '[].realGdp': everyCountry('gdpReal') } },
  {
    path: '/macro/market-recap',
    example: '/macro/market-recap',
    fields: {
      'nikkeiJpxGold[].value': [close(indexInstrument('N225')), close(commodityInstrument('jpx-gold'))],
      'nikkeiJpxOil[].value': [close(indexInstrument('N225')), close(commodityInstrument('jpx-dubai-crude'))],
      'tokyoStockExchangeReit[].value': [close(indexInstrument('TSEREIT'))],
      'topix[].value': [close(indexInstrument('TOPIX'))],
      'interbankRates3m[].value': [macro(tiborSeries('3m'))],
      'currencyRate[].value': ['JPY', 'EUR', 'VND'].map((currency) => close(dollarRateInstrument(currency))),
    },
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
    },
    fieldExamples: {
      '[].cpiPoints': '/macro/economic-data?type=cpi',
      '[].coreCpiPoints': '/macro/economic-data?type=cpi',
      '[].pcePoints': '/macro/economic-data?type=pce&country=US',
      '[].corePcePoints': '/macro/economic-data?type=pce&country=US',
      '[].exportTurnover': '/macro/economic-data?type=import-export',
      '[].importTurnover': '/macro/economic-data?type=import-export',
    },
  },
  { path: '/macro/exchange-rate', example: '/macro/exchange-rate?currency1=USD&currency2=JPY', fields: { '[].close': EXCHANGE_RATES } },
  { path: '/macro/population', example: '/macro/population', fields: { '[].population': everyCountry('population'), '[].unemploymentRate': everyCountry('unemployment') } },
  {
    path: '/macro/monetary-policy/central-government-debt',
    example: '/macro/monetary-policy/central-government-debt',
    fields: { '[].centralGovernmentDebt': everyCountry('governmentDebtToGdp') },
  },
  {
    path: '/macro/monetary-policy/rates-yields',
    example: '/macro/monetary-policy/rates-yields',
    fields: { '[].tenYearsGovernmentBondYieldsPct': everyCountry('bond10y'), '[].overnightCallRate': everyCountry('overnightRate') },
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
  },
  {
    path: '/macro/fdi/vn/flows',
    example: '/macro/fdi/vn/flows',
    fields: {
      'series[].registeredYtd': [macro(VN_FDI.registeredYtd)],
      'series[].realizedYtd': [macro(VN_FDI.realizedYtd)],
      'series[].cutoffDay': [macro(VN_FDI.cutoffDay)],
    },
  },
  {
    path: '/macro/interbank-rates/jp/tibor',
    example: '/macro/interbank-rates/jp/tibor',
    fields: Object.fromEntries(TIBOR_TENORS.map((tenor) => [`points[].tibor${tenor}`, [macro(tiborSeries(tenor))]])),
  },
  { path: '/macro/indicators', example: '/macro/indicators', fields: { '[].latestPeriod': EVERY_INDICATOR_SERIES } },
  ...indicatorTableEndpoints,
  // Equities (the Tokyo market; 8697 is Japan Exchange Group)
  { path: '/market/:market/equities', example: '/market/jp/equities', fields: { '[].name': ['equity_issue'], '[].sector': ['equity_issue'] } },
  {
    path: '/market/:market/equities/:code',
    example: '/market/jp/equities/8697',
    fields: { name: ['equity_issue'], price: ['equity_bar', 'equity_session'], sharesOutstanding: ['equity_statement'], marketCap: ['equity_bar', 'equity_statement'] },
  },
  {
    path: '/market/:market/equities/:code/prices',
    example: '/market/jp/equities/8697/prices?range=max',
    fields: { 'points[].close': ['equity_bar'], 'points[].volume': ['equity_bar'], 'points[].adjustedClose': ['equity_bar', 'equity_action'] },
  },
  { path: '/market/:market/equities/:code/financial-statements', example: '/market/jp/equities/8697/financial-statements', fields: { 'rows[].values': ['equity_statement'] } },
  { path: '/market/:market/equities/:code/related-stocks', example: '/market/jp/equities/8697/related-stocks', fields: { 'items[].price': ['equity_issue', 'equity_bar'] } },
  { path: '/market/:market/equities/:code/corporate-actions', example: '/market/jp/equities/8697/corporate-actions', fields: { '[].ratio': ['equity_action'] } },
  {
    path: '/market/:market/sectors',
    example: '/market/jp/sectors',
    fields: { '[].stockCount': ['equity_issue'], '[].tradingDate': ['equity_bar', 'equity_session'], '[].marketCap': ['equity_issue', 'equity_bar', 'equity_statement'] },
  },
  // News
  { path: '/news/feed', example: '/news/feed?limit=100', fields: { '[].title': ['news_article'], '[].publishedAt': ['news_article'], '[].symbols': ['news_article_symbol'], '[].categories': ['news_article_category'] } },
  { path: '/news/sentiment', example: '/news/sentiment', fields: { articleCount: ['news_article'], averageScore: ['news_article'] } },
  // Calendar: the actual of a macro release is the indicator table's cell (macro-releases.ts).
  {
    path: '/calendar/events',
    example: '/calendar/events',
    // The events of each country come from its own agencies' schedules.
    fields: { '[].name': CALENDAR_COUNTRIES, '[].time': CALENDAR_COUNTRIES, '[].actual': MACRO_RELEASE_SERIES.map(macro) },
    // Released events: the coming week's have no actual yet.
    fieldExamples: { '[].actual': '/calendar/events?from=2026-06-01&to=2026-06-18' },
  },
  // Real estate
  { path: '/real-estate/:country/provinces', example: '/real-estate/all/provinces', fields: { '[].name': perCountry('re_province'), '[].bbox': perCountry('re_province', '.boundary') } },
  {
    path: '/real-estate/:country/geojson',
    example: '/real-estate/vn/geojson',
    fields: { 'wards[].coordinates': perCountry('re_ward', '.boundary'), 'wards[].avgPriceResidentialVt1': ['re_road_price'] },
  },
  { path: '/real-estate/:country/provinces/:provinceId/prices', example: '/real-estate/vn/provinces/2/prices', fields: { 'points[].price': ['re_province_price'] } },
  {
    path: '/real-estate/:country/provinces/:provinceId/wards',
    example: '/real-estate/vn/provinces/2/wards',
    fields: { '[].wardName': perCountry('re_ward'), '[].avgPriceResidentialVt1': ['re_road_price'] },
  },
  {
    path: '/real-estate/jp/provinces/:provinceId/wards/:wardId/transactions',
    example: '/real-estate/jp/provinces/113/wards/1013102/transactions',
    fields: { wardName: ['re_ward:jp'], 'transactions[].price': ['re_transaction:jp'], 'transactions[].area': ['re_transaction:jp'] },
  },
];
