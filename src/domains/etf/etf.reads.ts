import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';
import { indexInstrument } from '../instruments/instruments.catalogue.ts';

/** What each ETF endpoint reads (src/edge/route-reads.ts): funds are rows of the ETF tables, whichever fund is asked for. */

const fund = storedFacts.etfFund;
const NAV = storedFacts.table('etf_nav');
const PRICE = storedFacts.table('etf_price');
const HOLDING = storedFacts.table('etf_holding');
const ISSUE = storedFacts.table('equity_issue');
const SECTOR_HOLDING = storedFacts.etfHolding('sector');
const VN_INDEX = storedFacts.close(indexInstrument('VNINDEX'));

export const etfListReads: RouteReads = {
  example: '/etf',
  fields: {
    '[].etfName': [fund('name')],
    '[].managementCompany': [fund('manager')],
    '[].indexName': [fund('index')],
    '[].trustFee': [fund('trust_fee')],
    '[].listingDate': [fund('listing_date')],
    '[].tradingUnit': [fund('trading_unit')],
    '[].distributionYield': [fund('distribution_yield')],
    '[].price': [PRICE],
    '[].aum': [NAV],
  },
  labels: ['[].id', '[].etfCode', '[].etfNameJP', '[].country', '[].etfType'],
};

export const etfTopPerformanceReads: RouteReads = {
  example: '/etf/top-performance',
  fields: { '[].currentNav': [NAV], '[].changePercent': [NAV] },
  labels: ['[].etfCode', '[].etfName'],
};

export const etfTopNetflowReads: RouteReads = {
  example: '/etf/top-netflow',
  fields: { '[].netflow': [NAV] },
  derived: ['[].netflowAumPercentage'],
  labels: ['[].etfCode', '[].etfName'],
};

export const etfHeatmapReads: RouteReads = {
  example: '/etf/heatmap',
  fields: { '[].closePrice': [PRICE], '[].volume': [PRICE], '[].marketCap': [NAV] },
  derived: ['[].tradingValue', '[].priceFluctuation', '[].priceFluctuationPercent', '[].contributionValue', '[].marketCapChange', '[].contributionArea'],
  labels: ['[].code', '[].name', '[].currency', '[].currentDate'],
};

export const etfCompareFundCompositionReads: RouteReads = {
  example: '/etf/compare/fund-composition?codes=2080,2081',
  fields: {
    '[].portfolio[].weightPercent': [HOLDING],
    '[].portfolio[].price': [HOLDING],
    '[].portfolio[].volume': [HOLDING],
    '[].sectorAllocation[].value': [SECTOR_HOLDING, ISSUE],
  },
  derived: ['[].assetAllocation', '[].sectorAllocation[].percent'],
  labels: [
    '[].fundCode',
    '[].portfolio[].symbol',
    '[].portfolio[].currency',
    '[].portfolio[].month',
    '[].sectorAllocation[].sectorName',
    '[].sectorAllocation[].currency',
    '[].sectorAllocation[].month',
  ],
};

export const etfCompareNavGrowthReads: RouteReads = {
  example: '/etf/compare/nav-growth?code1=2080&code2=2081',
  fields: { 'etf1.data': [NAV], 'etf2.data': [NAV], 'vnIndex.data': [VN_INDEX] },
  labels: ['etf1.etfCode', 'etf2.etfCode', 'vnIndex.etfCode', 'startDate', 'periodAvailability'],
};

export const etfNavGrowthReads: RouteReads = {
  example: '/etf/nav-growth/1306',
  fields: { 'etf1.data': [NAV], 'vnIndex.data': [VN_INDEX] },
  labels: ['etf1.etfCode', 'etf2', 'vnIndex.etfCode', 'startDate', 'periodAvailability'],
};

export const etfInfoReads: RouteReads = {
  example: '/etf/1306/info',
  fields: {
    etfName: [fund('name')],
    managementCompany: [fund('manager')],
    indexName: [fund('index')],
    trustFee: [fund('trust_fee')],
    listingDate: [fund('listing_date')],
    tradingUnit: [fund('trading_unit')],
    distributionYield: [fund('distribution_yield')],
  },
  labels: ['id', 'etfCode', 'etfNameJP', 'country', 'etfType'],
};

export const etfHoldingsReads: RouteReads = {
  example: '/etf/2081/holdings',
  fields: { '[].sharesAmount': [HOLDING], '[].stockPrice': [HOLDING], '[].sharesOutstanding': [NAV] },
  derived: ['[].value'],
  labels: ['[].id', '[].code', '[].name', '[].exchange', '[].currency', '[].etfCode', '[].fundDate', '[].isin'],
};

export const etfPricesHistoryReads: RouteReads = {
  example: '/etf/1306/prices-history',
  fields: { '[].close': [PRICE], '[].open': [PRICE], '[].high': [PRICE], '[].low': [PRICE], '[].volume': [PRICE] },
  labels: ['[].id', '[].date', '[].etfCode', '[].currency'],
};

export const etfDetailReads: RouteReads = {
  example: '/etf/1306/detail',
  fields: {
    etfName: [fund('name')],
    managementCompany: [fund('manager')],
    indexName: [fund('index')],
    MER: [fund('trust_fee')],
    listingDate: [fund('listing_date')],
    distributionYield: [fund('distribution_yield')],
    currentPrice: [PRICE],
    totalAssetValue: [NAV],
    // A holding without its own sector or asset class takes them from its J-Quants issue (etf.repo.ts).
    'AssetAllocation[].value': [HOLDING, ISSUE],
    'sectorWeight[].weight': [SECTOR_HOLDING, ISSUE],
    equityHoldings: [storedFacts.etfHolding('valuation')],
    'netflow.data[].netflow': [NAV],
    'performance.periods': [NAV],
  },
  derived: ['change', 'changePct', 'netflow.data[].aum', 'netflow.data[].netflowAumPct'],
  labels: [
    'etfCode',
    'etfType',
    'lastUpdateDate',
    'AssetAllocation[].name',
    'sectorWeight[].sector',
    'sectorWeight[].month',
    'sectorWeight[].year',
    'netflow.data[].date',
    'netflow.periodAvailability',
    'performance.periodAvailability',
  ],
};

export const etfCompositionReads: RouteReads = {
  example: '/etf/2081/composition',
  fields: {
    'portfolio[].weightPercent': [HOLDING],
    'portfolio[].price': [HOLDING],
    'portfolio[].volume': [HOLDING],
    'sectorAllocation[].value': [SECTOR_HOLDING, ISSUE],
  },
  derived: ['assetAllocation', 'sectorAllocation[].percent'],
  labels: [
    'fundCode',
    'portfolio[].symbol',
    'portfolio[].currency',
    'portfolio[].month',
    'sectorAllocation[].sectorName',
    'sectorAllocation[].currency',
    'sectorAllocation[].month',
  ],
};
