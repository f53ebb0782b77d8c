import type { EtfFundRow } from '../../../store/tables/etf.tables.ts';

/** The demo's funds: Tokyo-listed ETFs and Vietnamese open-end funds, with the figures their walks end at. */

export const ETF_DEMO_SOURCE = 'demo (generated ETF and fund data)';

export type Market = 'jp' | 'vn';
/** The index each fund follows; VN funds are active against the VN-Index. */
export type Driver = 'topix' | 'nikkei' | 'reit' | 'nikkeiLev2' | 'sp500' | 'highDividend' | 'vnindex';
export type Holdings = 'topix' | 'nikkei' | 'highDividend' | 'vnEquity' | 'vnBalanced' | null;

export interface DemoFund {
  id: number;
  code: string;
  name: string;
  nameJp: string | null;
  company: string;
  indexName: string | null;
  tradingUnit: number | null;
  trustFee: number;
  distributionYield: number | null;
  etfType: string;
  listingDate: string;
  /** NAV per unit and total net assets around the reference day (today's magnitudes). */
  endNav: number;
  endAum: number;
  /** Extra daily volatility beyond the driver (active management, tracking error). */
  activeVol: number;
  driver: Driver;
  holdings: Holdings;
  /** Weekdays an open-end fund deals on (0 = Sunday); listed funds publish every session. */
  dealingDays?: number[];
}

const JP = { country: 'jp', currency: 'JPY' } as const;
const VN = { country: 'vn', currency: 'VND' } as const;

const JP_FUNDS: DemoFund[] = [
  { id: 794, code: '1305', name: 'iFreeETF TOPIX (Yearly Dividend Type)', nameJp: 'iFreeETF TOPIX（年1回決算型）', company: 'Daiwa Asset Management', indexName: 'TOPIX Total Return Index', tradingUnit: 10, trustFee: 0.06, distributionYield: 0.0177, etfType: 'Japanese Equity(Market)', listingDate: '2001-07-13', endNav: 4301.5, endAum: 11.2e12, activeVol: 0.0002, driver: 'topix', holdings: 'topix' },
  { id: 798, code: '1306', name: 'NEXT FUNDS TOPIX Exchange Traded Fund', nameJp: 'ＮＥＸＴ ＦＵＮＤＳ ＴＯＰＩＸ連動型上場投信', company: 'Nomura Asset Management', indexName: 'TOPIX Total Return Index', tradingUnit: 10, trustFee: 0.0505, distributionYield: 0.0176, etfType: 'Japanese Equity(Market)', listingDate: '2001-07-13', endNav: 425.7, endAum: 32.5e12, activeVol: 0.0002, driver: 'topix', holdings: 'topix' },
  { id: 802, code: '1321', name: 'NEXT FUNDS Nikkei 225 Exchange Traded Fund', nameJp: 'ＮＥＸＴ ＦＵＮＤＳ 日経２２５連動型上場投信', company: 'Nomura Asset Management', indexName: 'Nikkei 225', tradingUnit: 1, trustFee: 0.1155, distributionYield: 0.0135, etfType: 'Japanese Equity(Market)', listingDate: '2001-07-13', endNav: 61538.18, endAum: 13.1e12, activeVol: 0.0002, driver: 'nikkei', holdings: 'nikkei' },
  { id: 806, code: '1330', name: 'Listed Index Fund 225', nameJp: '上場インデックスファンド２２５', company: 'Nikko Asset Management', indexName: 'Nikkei 225', tradingUnit: 1, trustFee: 0.1155, distributionYield: 0.0138, etfType: 'Japanese Equity(Market)', listingDate: '2001-07-13', endNav: 61210.4, endAum: 5.4e12, activeVol: 0.0002, driver: 'nikkei', holdings: 'nikkei' },
  { id: 830, code: '1343', name: 'NEXT FUNDS REIT INDEX ETF', nameJp: 'ＮＥＸＴ ＦＵＮＤＳ 東証ＲＥＩＴ指数連動型上場投信', company: 'Nomura Asset Management', indexName: 'Tokyo Stock Exchange REIT Index', tradingUnit: 10, trustFee: 0.1705, distributionYield: 0.0452, etfType: 'Japanese REIT', listingDate: '2008-09-18', endNav: 2046.3, endAum: 0.61e12, activeVol: 0.0002, driver: 'reit', holdings: null },
  { id: 833, code: '1346', name: 'MAXIS Nikkei 225 ETF', nameJp: 'ＭＡＸＩＳ 日経２２５上場投信', company: 'Mitsubishi UFJ Asset Management', indexName: 'Nikkei 225', tradingUnit: 1, trustFee: 0.0825, distributionYield: 0.0141, etfType: 'Japanese Equity(Market)', listingDate: '2009-03-04', endNav: 61402.9, endAum: 1.9e12, activeVol: 0.0002, driver: 'nikkei', holdings: 'nikkei' },
  { id: 835, code: '1348', name: 'MAXIS TOPIX ETF', nameJp: 'ＭＡＸＩＳ トピックス上場投信', company: 'Mitsubishi UFJ Asset Management', indexName: 'TOPIX Total Return Index', tradingUnit: 10, trustFee: 0.0858, distributionYield: 0.0172, etfType: 'Japanese Equity(Market)', listingDate: '2009-05-15', endNav: 3953.21, endAum: 4.5e12, activeVol: 0.0002, driver: 'topix', holdings: 'topix' },
  { id: 880, code: '1475', name: 'iShares Core TOPIX ETF', nameJp: 'ｉシェアーズ・コア ＴＯＰＩＸ ＥＴＦ', company: 'BlackRock Japan', indexName: 'TOPIX Total Return Index', tradingUnit: 10, trustFee: 0.0495, distributionYield: 0.0169, etfType: 'Japanese Equity(Market)', listingDate: '2015-10-19', endNav: 412.6, endAum: 2.2e12, activeVol: 0.0002, driver: 'topix', holdings: 'topix' },
  { id: 895, code: '1489', name: 'NEXT FUNDS Nikkei 225 High Dividend Yield Stock 50 Index Exchange Traded Fund', nameJp: 'ＮＥＸＴ ＦＵＮＤＳ 日経平均高配当株５０指数連動型上場投信', company: 'Nomura Asset Management', indexName: 'Nikkei 225 High Dividend Yield Stock 50 Index', tradingUnit: 1, trustFee: 0.308, distributionYield: 0.0331, etfType: 'Japanese Equity(Theme)', listingDate: '2017-02-10', endNav: 2612.8, endAum: 0.52e12, activeVol: 0.0003, driver: 'highDividend', holdings: 'highDividend' },
  { id: 905, code: '1570', name: 'NEXT FUNDS Nikkei 225 Leveraged Index Exchange Traded Fund', nameJp: 'ＮＥＸＴ ＦＵＮＤＳ 日経平均レバレッジ・インデックス連動型上場投信', company: 'Nomura Asset Management', indexName: 'Nikkei 225 Leveraged Index', tradingUnit: 1, trustFee: 0.88, distributionYield: null, etfType: 'Japanese Equity(Leveraged)', listingDate: '2012-04-10', endNav: 38120.0, endAum: 0.45e12, activeVol: 0.0004, driver: 'nikkeiLev2', holdings: null },
  { id: 960, code: '2558', name: 'MAXIS US Equity (S&P500) ETF', nameJp: 'ＭＡＸＩＳ米国株式（Ｓ＆Ｐ５００）上場投信', company: 'Mitsubishi UFJ Asset Management', indexName: 'S&P 500 (TTM, JPY)', tradingUnit: 1, trustFee: 0.077, distributionYield: 0.0098, etfType: 'Foreign Equity', listingDate: '2020-01-09', endNav: 29150.0, endAum: 0.21e12, activeVol: 0.0003, driver: 'sp500', holdings: null },
  { id: 1020, code: '518A', name: 'NEXT FUNDS FTSE Japan ex-REITs High Income Cash Flow 50 Index Exchange Traded Fund', nameJp: 'ＮＥＸＴ ＦＵＮＤＳ ＦＴＳＥジャパン高インカム・キャッシュフロー５０指数連動型上場投信', company: 'Nomura Asset Management', indexName: 'FTSE Japan ex-REITs High Income Cash Flow 50 Index', tradingUnit: 10, trustFee: 0.154, distributionYield: 0.0289, etfType: 'Japanese Equity(Theme)', listingDate: '2025-09-02', endNav: 1098.4, endAum: 6.3e9, activeVol: 0.0004, driver: 'highDividend', holdings: 'highDividend' },
];

const VN_FUNDS: DemoFund[] = [
  { id: 2001, code: 'VESAF', name: 'VinaCapital Equity Special Access Fund', nameJp: null, company: 'VinaCapital Fund Management', indexName: null, tradingUnit: null, trustFee: 1.75, distributionYield: null, etfType: 'Equity Fund', listingDate: '2017-04-24', endNav: 35012.4, endAum: 2.47e12, activeVol: 0.004, driver: 'vnindex', holdings: 'vnEquity' },
  { id: 2002, code: 'VEOF', name: 'VinaCapital Equity Opportunity Fund', nameJp: null, company: 'VinaCapital Fund Management', indexName: null, tradingUnit: null, trustFee: 1.75, distributionYield: null, etfType: 'Equity Fund', listingDate: '2013-09-16', endNav: 36023.97, endAum: 1.92e12, activeVol: 0.0035, driver: 'vnindex', holdings: 'vnEquity' },
  { id: 2003, code: 'VNDAF', name: 'VND Active Fund', nameJp: null, company: 'IPA Asset Management', indexName: null, tradingUnit: null, trustFee: 1.5, distributionYield: null, etfType: 'Equity Fund', listingDate: '2018-01-18', endNav: 19948.69, endAum: 0.35e12, activeVol: 0.0045, driver: 'vnindex', holdings: 'vnEquity', dealingDays: [1, 3, 5] },
  { id: 2004, code: 'DCDS', name: 'DC Dynamic Securities Fund', nameJp: null, company: 'Dragon Capital Vietnam Fund Management', indexName: null, tradingUnit: null, trustFee: 1.95, distributionYield: null, etfType: 'Equity Fund', listingDate: '2004-05-20', endNav: 98340.2, endAum: 3.52e12, activeVol: 0.0035, driver: 'vnindex', holdings: 'vnEquity' },
  { id: 2005, code: 'SSISCA', name: 'SSI Sustainable Competitive Advantage Fund', nameJp: null, company: 'SSI Asset Management', indexName: null, tradingUnit: null, trustFee: 1.75, distributionYield: null, etfType: 'Equity Fund', listingDate: '2014-08-18', endNav: 41280.5, endAum: 1.21e12, activeVol: 0.004, driver: 'vnindex', holdings: 'vnEquity' },
  { id: 2006, code: 'VCBF-TBF', name: 'VCBF Tactical Balanced Fund', nameJp: null, company: 'Vietcombank Fund Management', indexName: null, tradingUnit: null, trustFee: 1.5, distributionYield: null, etfType: 'Balanced Fund', listingDate: '2017-12-22', endNav: 36540.3, endAum: 1.63e12, activeVol: 0.0025, driver: 'vnindex', holdings: 'vnBalanced', dealingDays: [1, 2, 3, 4, 5] },
];

export function fundRow(fund: DemoFund, market: Market): EtfFundRow {
  const where = market === 'jp' ? JP : VN;
  return {
    id: fund.id,
    code: fund.code,
    name: fund.name,
    name_jp: fund.nameJp,
    management_company: fund.company,
    index_name: fund.indexName,
    trading_unit: fund.tradingUnit,
    trust_fee: fund.trustFee,
    country: where.country,
    distribution_yield: fund.distributionYield,
    etf_type: fund.etfType,
    listing_date: fund.listingDate,
    currency: where.currency,
    source: ETF_DEMO_SOURCE,
  };
}

/** Every demo fund with its market. */
export const DEMO_FUNDS = [...JP_FUNDS.map((fund) => ({ fund, market: 'jp' as const })), ...VN_FUNDS.map((fund) => ({ fund, market: 'vn' as const }))];
