import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { EtfFundRow, EtfHoldingRow, EtfNavRow, EtfPriceRow } from '../../domains/etf/etf.tables.ts';
import { fxInstrument, indexInstrument } from '../../domains/instruments/instruments.catalogue.ts';
import { anchorLevel, decimalYear } from './macro/paths.ts';
import { WALKED } from './instruments/paths.ts';
import { insertAroundExisting, insertChunked, type DemoContext, type DemoGenerator } from './framework.ts';
import type { SeededRandom } from './random.ts';

export const ETF_DEMO_SOURCE = 'demo (generated ETF and fund data)';

type Market = 'jp' | 'vn';
/** The index each fund follows; VN funds are active against the VN-Index. */
type Driver = 'topix' | 'nikkei' | 'reit' | 'nikkeiLev2' | 'sp500' | 'highDividend' | 'vnindex';
type Holdings = 'topix' | 'nikkei' | 'highDividend' | 'vnEquity' | 'vnBalanced' | null;

interface DemoFund {
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

/**
 * The index each fund follows, read from the instruments' series store: a fund's NAV moves with
 * the index level the indices endpoints serve. The S&P 500 fund holds it in yen.
 */
const INDEX_DRIVERS: Record<Exclude<Driver, 'nikkeiLev2' | 'highDividend'>, { market: Market; legs: readonly string[] }> = {
  topix: { market: 'jp', legs: [indexInstrument('TOPIX')] },
  nikkei: { market: 'jp', legs: [indexInstrument('N225')] },
  reit: { market: 'jp', legs: [indexInstrument('TSEREIT')] },
  sp500: { market: 'jp', legs: [indexInstrument('SPX'), fxInstrument('USD/JPY')] },
  vnindex: { market: 'vn', legs: [indexInstrument('VNINDEX')] },
};
/** The high-dividend index is not in the store: its own walk, loading on TOPIX. */
const HIGH_DIVIDEND = { drift: 0.02, vol: 0.07, beta: 0.85 };
/** The day the funds' end figures describe: each NAV starts where its index (or drift) brings it there. */
const REFERENCE_DAY = '2026-11-20';
/** Daily share of a driver's deviation from its trend undone: keeps the walk near today's levels over years. */
const TREND_REVERSION = 0.01;
/** Holdings are snapshotted at each month's last NAV from this month on. */
const HOLDINGS_FROM_MONTH = '2025-12';
/** The month whose holdings carry the pool's prices; earlier months are cheaper by the market's drift. */
const HOLDINGS_PRICE_MONTH = '2026-10';

interface PoolStock {
  symbol: string;
  name: string;
  sector: string;
  price: number;
}

const JP_STOCKS: PoolStock[] = [
  ['7203', 'TOYOTA MOTOR CORP', 'Consumer Discretionary', 2900],
  ['8306', 'MITSUBISHI UFJ FIN', 'Financials', 2100],
  ['6758', 'SONY GROUP CORP', 'Consumer Discretionary', 3500],
  ['6861', 'KEYENCE CORP', 'Information Technology', 58000],
  ['9984', 'SOFTBANK GROUP CORP', 'Communication Services', 11000],
  ['8035', 'TOKYO ELECTRON LTD', 'Information Technology', 28000],
  ['9983', 'FAST RETAILING CO LTD', 'Consumer Discretionary', 52000],
  ['6501', 'HITACHI LTD', 'Industrials', 4300],
  ['8316', 'SUMITOMO MITSUI FIN', 'Financials', 4100],
  ['4063', 'SHIN-ETSU CHEMICAL', 'Materials', 5200],
  ['8058', 'MITSUBISHI CORP', 'Industrials', 3300],
  ['8001', 'ITOCHU CORP', 'Industrials', 8300],
  ['9432', 'NTT INC', 'Communication Services', 155],
  ['6098', 'RECRUIT HOLDINGS', 'Industrials', 9800],
  ['4519', 'CHUGAI PHARMACEUTICAL', 'Health Care', 7000],
  ['4568', 'DAIICHI SANKYO', 'Health Care', 3600],
  ['8766', 'TOKIO MARINE HD', 'Financials', 5900],
  ['7974', 'NINTENDO CO LTD', 'Communication Services', 12500],
  ['6902', 'DENSO CORP', 'Consumer Discretionary', 2000],
  ['6367', 'DAIKIN INDUSTRIES', 'Industrials', 18500],
  ['7267', 'HONDA MOTOR CO', 'Consumer Discretionary', 1500],
  ['8411', 'MIZUHO FINANCIAL GRP', 'Financials', 4200],
  ['4502', 'TAKEDA PHARMACEUTICAL', 'Health Care', 4300],
  ['6981', 'MURATA MANUFACTURING', 'Information Technology', 2800],
  ['2914', 'JAPAN TOBACCO INC', 'Consumer Staples', 4700],
  ['9433', 'KDDI CORP', 'Communication Services', 2600],
  ['8031', 'MITSUI & CO', 'Industrials', 3400],
  ['6954', 'FANUC CORP', 'Industrials', 4200],
  ['7741', 'HOYA CORP', 'Health Care', 20000],
  ['4661', 'ORIENTAL LAND CO', 'Consumer Discretionary', 3300],
  ['5108', 'BRIDGESTONE CORP', 'Consumer Discretionary', 6100],
  ['8801', 'MITSUI FUDOSAN', 'Real Estate', 1500],
  ['1301', 'KYOKUYO CO LTD', 'Consumer Staples', 4865],
  ['1860', 'TODA CORP', 'Industrials', 1414.5],
  ['9020', 'EAST JAPAN RAILWAY', 'Industrials', 3000],
  ['5401', 'NIPPON STEEL CORP', 'Materials', 3300],
  ['1605', 'INPEX CORP', 'Energy', 2200],
  ['9501', 'TOKYO ELECTRIC POWER', 'Utilities', 700],
  ['2802', 'AJINOMOTO CO', 'Consumer Staples', 3200],
  ['3382', 'SEVEN & I HOLDINGS', 'Consumer Staples', 2200],
].map(([symbol, name, sector, price]) => ({ symbol: String(symbol), name: String(name), sector: String(sector), price: Number(price) }));

const VN_STOCKS: PoolStock[] = [
  ['MBB', 'Ngân hàng TMCP Quân đội', 'Ngân hàng', 25000],
  ['VCB', 'Ngân hàng TMCP Ngoại thương Việt Nam', 'Ngân hàng', 62000],
  ['ACB', 'Ngân hàng TMCP Á Châu', 'Ngân hàng', 24500],
  ['TCB', 'Ngân hàng TMCP Kỹ thương Việt Nam', 'Ngân hàng', 31000],
  ['VPB', 'Ngân hàng TMCP Việt Nam Thịnh Vượng', 'Ngân hàng', 19500],
  ['CTG', 'Ngân hàng TMCP Công thương Việt Nam', 'Ngân hàng', 40000],
  ['STB', 'Ngân hàng TMCP Sài Gòn Thương Tín', 'Ngân hàng', 38000],
  ['BVH', 'Tập đoàn Bảo Việt', 'Bảo hiểm', 67700],
  ['FPT', 'Công ty Cổ phần FPT', 'Công nghệ thông tin', 118000],
  ['MWG', 'Công ty Cổ phần Đầu tư Thế Giới Di Động', 'Bán lẻ', 72000],
  ['PNJ', 'Công ty Cổ phần Vàng bạc Đá quý Phú Nhuận', 'Bán lẻ', 85000],
  ['HPG', 'Công ty Cổ phần Tập đoàn Hòa Phát', 'Thép', 27000],
  ['VNM', 'Công ty Cổ phần Sữa Việt Nam', 'Thực phẩm và đồ uống', 61000],
  ['MSN', 'Công ty Cổ phần Tập đoàn Masan', 'Thực phẩm và đồ uống', 78000],
  ['SSI', 'Công ty Cổ phần Chứng khoán SSI', 'Dịch vụ tài chính', 32000],
  ['GMD', 'Công ty Cổ phần Gemadept', 'Vận tải', 56000],
  ['REE', 'Công ty Cổ phần Cơ Điện Lạnh', 'Điện, nước', 70000],
  ['DGC', 'Công ty Cổ phần Tập đoàn Hóa chất Đức Giang', 'Hóa chất', 98000],
  ['VHM', 'Công ty Cổ phần Vinhomes', 'Bất động sản', 86000],
  ['KDH', 'Công ty Cổ phần Đầu tư và Kinh doanh Nhà Khang Điền', 'Bất động sản', 33000],
].map(([symbol, name, sector, price]) => ({ symbol: String(symbol), name: String(name), sector: String(sector), price: Number(price) }));

const VN_BONDS: PoolStock[] = [
  { symbol: 'TD2530123', name: 'Trái phiếu Chính phủ kỳ hạn 5 năm 2030', sector: 'Trái phiếu', price: 101250 },
  { symbol: 'TD2535045', name: 'Trái phiếu Chính phủ kỳ hạn 10 năm 2035', sector: 'Trái phiếu', price: 99800 },
  { symbol: 'VCB12301', name: 'Trái phiếu Ngân hàng TMCP Ngoại thương 2030', sector: 'Trái phiếu', price: 100400 },
];

/** Fixed-date exchange holidays; movable ones (Tet) listed per year. */
const JP_HOLIDAYS = ['01-01', '01-02', '01-03', '02-11', '02-23', '04-29', '05-03', '05-04', '05-05', '08-11', '11-03', '11-23', '12-31'];
const VN_HOLIDAYS = ['01-01', '04-30', '05-01', '09-02'];
const TET: Record<string, [string, string]> = {
  '2017': ['01-26', '02-01'],
  '2018': ['02-14', '02-20'],
  '2019': ['02-04', '02-08'],
  '2020': ['01-23', '01-29'],
  '2021': ['02-10', '02-16'],
  '2022': ['01-31', '02-04'],
  '2023': ['01-20', '01-26'],
  '2024': ['02-08', '02-14'],
  '2025': ['01-27', '01-31'],
  '2026': ['02-16', '02-20'],
};

function isSession(date: Date, market: Market): boolean {
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const iso = date.toISOString().slice(0, 10);
  const monthDay = iso.slice(5);
  if (market === 'jp') return !JP_HOLIDAYS.includes(monthDay);
  const tet = TET[iso.slice(0, 4)];
  if (tet !== undefined && monthDay >= tet[0] && monthDay <= tet[1]) return false;
  return !VN_HOLIDAYS.includes(monthDay);
}

function sessions(from: string, until: string, market: Market): string[] {
  const dates: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= until; day.setUTCDate(day.getUTCDate() + 1)) {
    if (isSession(day, market)) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

/**
 * Daily log returns of a driver on its market's sessions: its drift plus the change of a
 * deviation from trend that slowly reverts, so no five-year history ends at four times where
 * it began. Drawn forward from the first session, one session at a time.
 */
function driverReturns(dates: readonly string[], drift: number, vol: number, random: SeededRandom): Map<string, number> {
  const returns = new Map<string, number>();
  const dailyVol = vol / Math.sqrt(245);
  let deviation = 0;
  for (const date of dates) {
    // Fat tails: one session in forty moves three times as much.
    const scale = random.chance(0.025) ? 3 : 1;
    const next = deviation * (1 - TREND_REVERSION) + random.normal(0, dailyVol * scale);
    returns.set(date, drift / 245 + next - deviation);
    deviation = next;
  }
  return returns;
}

/** A walk from `start` by cumulated log returns. */
function levelsFrom(start: number, returns: readonly number[]): number[] {
  let level = Math.log(start);
  return returns.map((r) => {
    level += r;
    return Math.exp(level);
  });
}

const yearsBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (365.25 * 86_400_000);

/** A driver's daily log returns and its level before the first of them, relative to its level on the reference day. */
interface DriverPath {
  returns: Map<string, number>;
  /** Log of (level before the first return ÷ level on the reference day), as the anchors put it. */
  logStartToReference: number;
}

/** The anchored level of an instrument of the demo's store on the reference day (a function of the day only). */
function referenceLevel(instrument: string): number {
  const anchors = WALKED.find((spec) => spec.instrument === instrument)?.anchors;
  if (anchors === undefined) throw new Error(`no demo anchors for ${instrument}`);
  return anchorLevel(anchors, decimalYear(REFERENCE_DAY));
}

/**
 * Each index driver's path from the store: the product of its legs' closes on their common
 * dates from `from` on. The fund demo follows what the indices endpoints serve, so the
 * instruments must be seeded (or imported) first.
 */
async function indexDrivers(ctx: DemoContext, from: string): Promise<Map<string, DriverPath>> {
  const legs = [...new Set(Object.values(INDEX_DRIVERS).flatMap((driver) => driver.legs))];
  const rows = await ctx.db
    .selectFrom('instrument_close')
    .select(['instrument', 'date', 'close'])
    .where('instrument', 'in', legs)
    .where('date', '>=', from)
    .where('date', '<=', ctx.until)
    .orderBy('date')
    .execute();
  const closes = new Map(legs.map((leg) => [leg, new Map<string, number>()]));
  for (const row of rows) closes.get(row.instrument)?.set(row.date, row.close);
  const missing = legs.filter((leg) => (closes.get(leg)?.size ?? 0) === 0);
  if (missing.length > 0) throw new Error(`the fund demo follows index closes the store does not have (${missing.join(', ')}): seed the instruments first`);
  const paths = new Map<string, DriverPath>();
  for (const [name, driver] of Object.entries(INDEX_DRIVERS)) {
    const [first, ...others] = driver.legs.map((leg) => closes.get(leg) ?? new Map<string, number>());
    const levels = [...(first ?? new Map<string, number>())].flatMap(([date, close]) => {
      const level = others.reduce<number | undefined>((product, leg) => (product === undefined || !leg.has(date) ? undefined : product * (leg.get(date) ?? 1)), close);
      return level === undefined ? [] : [[date, level] as const];
    });
    const returns = new Map<string, number>();
    levels.forEach(([date, level], i) => {
      const previous = levels[i - 1];
      if (previous !== undefined) returns.set(date, Math.log(level / previous[1]));
    });
    const base = levels[0]?.[1] ?? Number.NaN;
    const reference = driver.legs.reduce((product, leg) => product * referenceLevel(leg), 1);
    paths.set(name, { returns, logStartToReference: Math.log(base / reference) });
  }
  return paths;
}

/** `YYYY-MM` → months since year 0, for month distances. */
const monthNumber = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** Rounds to a multiple of `step`, without the binary residue (227.10000000000002). */
const roundTo = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(6));
const round2 = (value: number) => Math.round(value * 100) / 100;
const tick = (price: number) => (price < 1000 ? 0.1 : price < 10000 ? 1 : 10);

/** ISIN check digit (letters as numbers, then Luhn from the right). */
function isinWithCheckDigit(body: string): string {
  const digits = body.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

function historyStart(ctx: DemoContext): string {
  return ctx.scale === 'full' ? '2017-01-02' : '2021-06-14';
}

interface FundHistory {
  navs: EtfNavRow[];
  prices: Omit<EtfPriceRow, 'id'>[];
}

/**
 * One fund's NAVs, units and prices, walked forward from its start. Each pass has a stream of
 * its own, so the draws for a date never depend on how many dates the seed has.
 */
function fundHistory(fund: DemoFund, market: Market, drivers: Map<string, DriverPath>, ctx: DemoContext): FundHistory {
  const random = ctx.random(`fund:${fund.code}`);
  const start = fund.listingDate > historyStart(ctx) ? fund.listingDate : historyStart(ctx);
  const unitsRandom = ctx.random(`units:${fund.code}`);
  const priceRandom = ctx.random(`prices:${fund.code}`);
  const driverName = fund.driver === 'nikkeiLev2' ? 'nikkei' : fund.driver;
  const leverage = fund.driver === 'nikkeiLev2' ? 2 : 1;
  const path = drivers.get(driverName);
  if (path === undefined) throw new Error(`no driver ${driverName} for fund ${fund.code}`);
  const driver = path.returns;
  // An open-end fund deals on its dealing days; a NAV is sometimes not published (a gap, never a zero).
  const gaps = ctx.random(`gaps:${fund.code}`);
  const dates = sessions(start, ctx.until, market).filter(
    (date) => (fund.dealingDays === undefined || fund.dealingDays.includes(new Date(`${date}T00:00:00Z`).getUTCDay())) && !gaps.chance(0.004),
  );
  const feePerDay = fund.trustFee / 100 / 245;
  // Between two dealing days the fund earns every driver session in between.
  const driverDates = [...driver.keys()];
  let cursor = 0;
  const returns = dates.map((date) => {
    let sum = 0;
    while (cursor < driverDates.length && (driverDates[cursor] ?? '') <= date) {
      sum += driver.get(driverDates[cursor] ?? '') ?? 0;
      cursor++;
    }
    return leverage * sum - feePerDay + random.normal(0, fund.activeVol);
  });
  // The NAV stands where its index would bring today's NAV, less the fees of the years between.
  const feeDrag = (fund.trustFee / 100) * yearsBetween(start, REFERENCE_DAY);
  const navs = levelsFrom(fund.endNav * Math.exp(leverage * path.logStartToReference + feeDrag), returns);

  // Units: creations and redemptions on about half the days, a large one now and then.
  const unitSteps = dates.map(() =>
    unitsRandom.chance(0.5) ? 0 : unitsRandom.normal(0, 0.004) + (unitsRandom.chance(0.02) ? unitsRandom.normal(0, 0.03) : 0),
  );
  const units = levelsFrom(fund.endAum / fund.endNav, unitSteps).map((u) => roundTo(u, fund.tradingUnit ?? 1));
  // Units that moved by less than a trading unit did not move.
  for (let i = 1; i < units.length; i++) if (unitSteps[i] === 0) units[i] = units[i - 1] ?? 0;

  const navRows: EtfNavRow[] = [];
  const priceRows: Omit<EtfPriceRow, 'id'>[] = [];
  dates.forEach((date, i) => {
    const nav = market === 'vn' ? round2(navs[i] ?? 0) : Math.round((navs[i] ?? 0) * 10000) / 10000;
    const unitCount = units[i] ?? 0;
    navRows.push({ fund_code: fund.code, date, nav, total_net_assets: Math.round(nav * unitCount), units_outstanding: unitCount, source: ETF_DEMO_SOURCE });
    if (market === 'jp') {
      const step = tick(nav);
      const close = roundTo(nav * (1 + priceRandom.normal(0, 0.0015)), step);
      const open = roundTo(close * (1 + priceRandom.normal(0, 0.004)), step);
      const high = Math.max(open, close, roundTo(Math.max(open, close) * (1 + Math.abs(priceRandom.normal(0, 0.004))), step));
      const low = Math.min(open, close, roundTo(Math.min(open, close) * (1 - Math.abs(priceRandom.normal(0, 0.004))), step));
      const turnover = (fund.endAum * 0.00015 * Math.exp(priceRandom.normal(0, 0.5))) / close;
      const volume = roundTo(turnover, fund.tradingUnit ?? 1);
      priceRows.push({ fund_code: fund.code, date, open, high, low, close, volume, source: ETF_DEMO_SOURCE });
    }
  });
  return { navs: navRows, prices: priceRows };
}

/** The last NAV of each finished month (before `until`'s) from the first holdings month on. */
function monthEndSnapshots(navs: readonly EtfNavRow[], until: string): EtfNavRow[] {
  const byMonth = new Map<string, EtfNavRow>();
  for (const nav of navs) {
    const month = nav.date.slice(0, 7);
    if (month >= HOLDINGS_FROM_MONTH && month < until.slice(0, 7)) byMonth.set(month, nav);
  }
  return [...byMonth.values()];
}

function holdingsPool(kind: Exclude<Holdings, null>, random: SeededRandom): { stocks: PoolStock[]; bonds: PoolStock[]; stockShare: number } {
  switch (kind) {
    case 'topix':
      return { stocks: JP_STOCKS, bonds: [], stockShare: 0.985 };
    case 'nikkei':
      return { stocks: JP_STOCKS.slice(0, 30), bonds: [], stockShare: 0.99 };
    case 'highDividend':
      return { stocks: JP_STOCKS.filter((s) => ['Financials', 'Industrials', 'Materials', 'Energy', 'Consumer Staples', 'Utilities'].includes(s.sector)), bonds: [], stockShare: 0.98 };
    case 'vnEquity':
      return { stocks: VN_STOCKS.filter(() => random.chance(0.75)), bonds: [], stockShare: random.between(0.82, 0.95) };
    case 'vnBalanced':
      return { stocks: VN_STOCKS.filter(() => random.chance(0.6)), bonds: VN_BONDS, stockShare: 0.55 };
  }
}

function fundHoldings(fund: DemoFund, navs: readonly EtfNavRow[], ctx: DemoContext, nextId: () => number): EtfHoldingRow[] {
  if (fund.holdings === null) return [];
  const random = ctx.random(`holdings:${fund.code}`);
  const isJp = fund.holdings === 'topix' || fund.holdings === 'nikkei' || fund.holdings === 'highDividend';
  const pool = holdingsPool(fund.holdings, random);
  const weightOf = new Map([...pool.stocks, ...pool.bonds].map((s) => [s.symbol, Math.exp(random.normal(0, 0.8))]));
  const fundamentals = new Map(
    pool.stocks.map((s) => [s.symbol, { ey: random.between(0.03, 0.1), by: random.between(0.3, 1.2), sy: random.between(0.4, 1.5), cy: random.between(0.05, 0.15) }]),
  );
  const rows: EtfHoldingRow[] = [];
  for (const snapshot of monthEndSnapshots(navs, ctx.until)) {
    const month = snapshot.date.slice(0, 7);
    const monthRandom = ctx.random(`holdings:${fund.code}:${month}`);
    const monthsAfterPricing = monthNumber(month) - monthNumber(HOLDINGS_PRICE_MONTH);
    const total = snapshot.total_net_assets ?? 0;
    const priced = (s: PoolStock, isBond: boolean) => {
      const drift = isBond ? 1 : Math.exp(0.008 * monthsAfterPricing + monthRandom.normal(0, 0.05));
      return roundTo(s.price * drift, isBond ? 10 : isJp ? (s.price < 1000 ? 0.1 : 0.5) : 100);
    };
    const place = (members: PoolStock[], share: number, isBond: boolean) => {
      const weights = members.map((s) => (weightOf.get(s.symbol) ?? 1) * Math.exp(monthRandom.normal(0, 0.05)));
      const sum = weights.reduce((a, b) => a + b, 0);
      members.forEach((s, i) => {
        const price = priced(s, isBond);
        const shares = roundTo((total * share * (weights[i] ?? 0)) / sum / price, isJp ? 100 : 10);
        const f = fundamentals.get(s.symbol);
        rows.push({
          id: nextId(),
          fund_code: fund.code,
          fund_date: snapshot.date,
          symbol: s.symbol,
          name: s.name,
          isin: isinWithCheckDigit(isJp ? `JP3${s.symbol}0000` : `VN000000${s.symbol.slice(0, 3)}`),
          exchange: isJp ? 'TSE' : isBond ? 'HNX' : 'HOSE',
          currency: isJp ? 'JPY' : 'VND',
          sector: s.sector,
          asset_class: isBond ? 'bond' : 'stock',
          shares,
          price,
          eps: f === undefined ? null : round2(price * f.ey),
          bps: f === undefined ? null : round2(price * f.by),
          sps: f === undefined ? null : round2(price * f.sy),
          cfps: f === undefined ? null : round2(price * f.cy),
          source: ETF_DEMO_SOURCE,
        });
      });
    };
    place(pool.stocks, pool.stockShare, false);
    if (pool.bonds.length > 0) place(pool.bonds, 0.35, true);
  }
  return rows;
}

async function maxId(db: Transaction<Database>, table: 'etf_price' | 'etf_holding'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0);
}

function fundRow(fund: DemoFund, market: Market): EtfFundRow {
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

/**
 * Tokyo-listed ETFs and Vietnamese open-end funds: daily NAVs driven by their index (a shared
 * walk per index, so funds on the same index move together), units outstanding that change
 * with creations and redemptions, exchange prices around the NAV, monthly holdings snapshots,
 * and the VN-Index.
 */
export const etfDemoGenerator: DemoGenerator = {
  name: 'etf',
  datasets: ['etf'],
  async clear(db: Transaction<Database>) {
    for (const table of ['etf_holding', 'etf_price', 'etf_nav', 'etf_fund'] as const) {
      await db.deleteFrom(table).where('source', '=', ETF_DEMO_SOURCE).execute();
    }
  },
  async generate(ctx) {
    const start = historyStart(ctx);
    const drivers = await indexDrivers(ctx, start);
    const topix = drivers.get('topix');
    if (topix === undefined) throw new Error('no TOPIX driver');
    const own = driverReturns(sessions(start, ctx.until, 'jp'), HIGH_DIVIDEND.drift, HIGH_DIVIDEND.vol, ctx.random('driver:highDividend'));
    for (const [date, r] of own) own.set(date, r + HIGH_DIVIDEND.beta * (topix.returns.get(date) ?? 0));
    drivers.set('highDividend', {
      returns: own,
      logStartToReference: HIGH_DIVIDEND.beta * topix.logStartToReference - HIGH_DIVIDEND.drift * yearsBetween(start, REFERENCE_DAY),
    });

    // Surrogate ids continue after any imported row's, so a seed after an import never reuses one.
    let priceId = Math.max(346_000, (await maxId(ctx.db, 'etf_price')) + 1);
    let holdingId = Math.max(6_316_000, (await maxId(ctx.db, 'etf_holding')) + 1);
    const funds = [...JP_FUNDS.map((f) => ({ fund: f, market: 'jp' as const })), ...VN_FUNDS.map((f) => ({ fund: f, market: 'vn' as const }))];
    // Imported funds, NAVs, prices and holdings win: the demo fills the funds and days they leave.
    await insertAroundExisting(ctx.db, 'etf_fund', ['code'], funds.map(({ fund, market }) => ({ ...fundRow(fund, market) })));
    for (const [i, { fund, market }] of funds.entries()) {
      const history = fundHistory(fund, market, drivers, ctx);
      const within = { column: 'fund_code', values: [fund.code] };
      await insertAroundExisting(ctx.db, 'etf_nav', ['fund_code', 'date'], history.navs.map((row) => ({ ...row })), { within });
      await insertAroundExisting(ctx.db, 'etf_price', ['fund_code', 'date'], history.prices.map((row) => ({ id: priceId++, ...row })), { within });
      const snapshotsTaken = await ctx.db.selectFrom('etf_holding').select('fund_date').distinct().where('fund_code', '=', fund.code).execute();
      const taken = new Set(snapshotsTaken.map((row) => row.fund_date));
      const holdings = fundHoldings(fund, history.navs, ctx, () => holdingId++).filter((row) => !taken.has(row.fund_date));
      await insertChunked(ctx.db, 'etf_holding', holdings.map((row) => ({ ...row })));
      ctx.progress((i + 1) / funds.length);
    }
  },
};
