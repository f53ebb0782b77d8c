import type { EtfHoldingRow, EtfNavRow } from '../../../store/tables/etf.tables.ts';
import { monthIndex } from '../../../kernel/dates.ts';
import { roundTo, roundToStep } from '../../../kernel/numbers.ts';
import type { DemoContext } from '../framework.ts';
import type { SeededRandom } from '../random.ts';
import { ETF_DEMO_SOURCE, type DemoFund, type Holdings } from './catalogue.ts';

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
      return {
        stocks: JP_STOCKS.filter((s) => ['Financials', 'Industrials', 'Materials', 'Energy', 'Consumer Staples', 'Utilities'].includes(s.sector)),
        bonds: [],
        stockShare: 0.98,
      };
    case 'vnEquity':
      return { stocks: VN_STOCKS.filter(() => random.chance(0.75)), bonds: [], stockShare: random.between(0.82, 0.95) };
    case 'vnBalanced':
      return { stocks: VN_STOCKS.filter(() => random.chance(0.6)), bonds: VN_BONDS, stockShare: 0.55 };
  }
}

export function fundHoldings(fund: DemoFund, navs: readonly EtfNavRow[], ctx: DemoContext, nextId: () => number): EtfHoldingRow[] {
  if (fund.holdings === null) return [];
  const random = ctx.random(`holdings:${fund.code}`);
  const isJp = fund.holdings === 'topix' || fund.holdings === 'nikkei' || fund.holdings === 'highDividend';
  const pool = holdingsPool(fund.holdings, random);
  const weightOf = new Map([...pool.stocks, ...pool.bonds].map((s) => [s.symbol, Math.exp(random.normal(0, 0.8))]));
  const fundamentals = new Map(
    pool.stocks.map((s) => [
      s.symbol,
      { ey: random.between(0.03, 0.1), by: random.between(0.3, 1.2), sy: random.between(0.4, 1.5), cy: random.between(0.05, 0.15) },
    ]),
  );
  const rows: EtfHoldingRow[] = [];
  for (const snapshot of monthEndSnapshots(navs, ctx.until)) {
    const month = snapshot.date.slice(0, 7);
    const monthRandom = ctx.random(`holdings:${fund.code}:${month}`);
    const monthsAfterPricing = monthIndex(month) - monthIndex(HOLDINGS_PRICE_MONTH);
    const total = snapshot.total_net_assets ?? 0;
    const priced = (s: PoolStock, isBond: boolean) => {
      const drift = isBond ? 1 : Math.exp(0.008 * monthsAfterPricing + monthRandom.normal(0, 0.05));
      return roundToStep(s.price * drift, isBond ? 10 : isJp ? (s.price < 1000 ? 0.1 : 0.5) : 100);
    };
    const place = (members: PoolStock[], share: number, isBond: boolean) => {
      const weights = members.map((s) => (weightOf.get(s.symbol) ?? 1) * Math.exp(monthRandom.normal(0, 0.05)));
      const sum = weights.reduce((a, b) => a + b, 0);
      members.forEach((s, i) => {
        const price = priced(s, isBond);
        const shares = roundToStep((total * share * (weights[i] ?? 0)) / sum / price, isJp ? 100 : 10);
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
          eps: f === undefined ? null : roundTo(price * f.ey, 2),
          bps: f === undefined ? null : roundTo(price * f.by, 2),
          sps: f === undefined ? null : roundTo(price * f.sy, 2),
          cfps: f === undefined ? null : roundTo(price * f.cy, 2),
          source: ETF_DEMO_SOURCE,
        });
      });
    };
    place(pool.stocks, pool.stockShare, false);
    if (pool.bonds.length > 0) place(pool.bonds, 0.35, true);
  }
  return rows;
}
