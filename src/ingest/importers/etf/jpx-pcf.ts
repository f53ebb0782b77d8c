import type { Transaction } from 'kysely';
import { storedFacts } from '../../../facts/names.ts';
import { noteFacts } from '../../../store/release-facts.ts';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type Importer, type ReleaseInfo } from '../../source.ts';
import { csvCells } from '../../csv.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { insertRows } from '../../../store/loader.ts';
import { yenRatesOn } from './yen-rates.ts';
import { insertNewFund, nextId } from './new-fund.ts';
import { textLines } from '../../file-lines.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/**
 * The portfolio composition file (PCF) the Tokyo Stock Exchange publishes for each ETF
 * (JPX "ETF/ETN current price, indicative NAV, PCF", prepared by ICE Data Services): a fund
 * header, a blank line, then one line per holding, for the whole fund.
 *
 *   ETF Code,ETF Name,Fund Cash Component,Shares Outstanding,Fund Date
 *   1306,TOPIX ETF,478108071923.0000,8131915510,20260217
 *
 *   Code,Name,ISIN,Exchange,Currency,Shares Amount,Stock Price
 *   1301,KYOKUYO CO LTD,JP3257200000,TSE,JPY,350200,4865
 *
 * Every figure is held to the figure rules (thousands may be grouped with commas): the fund's to
 * etf.nav's, a holding's to etf.holding's. Loading writes the holdings snapshot for (fund, date),
 * prices in each holding's currency, and that day's total net assets in yen (holdings at their
 * prices converted at that day's FX rates, plus the cash component), units outstanding and NAV
 * per unit.
 */
export interface PcfFile {
  fundCode: string;
  fundName: string;
  cash: number;
  unitsOutstanding: number;
  fundDate: string;
  holdings: PcfHolding[];
}

export interface PcfHolding {
  code: string;
  name: string;
  isin: string;
  exchange: string;
  currency: string;
  shares: number;
  price: number;
}

const FUND_HEADER = ['ETF Code', 'ETF Name', 'Fund Cash Component', 'Shares Outstanding', 'Fund Date'];
const HOLDING_HEADER = ['Code', 'Name', 'ISIN', 'Exchange', 'Currency', 'Shares Amount', 'Stock Price'];

/** A figure of the file: `fact` the family it fills, `where` its line and column (the caller names the file, as for every problem of a PCF). */
const figure = (text: string, fact: string, where: string): number => publisherFigure(text, fact, where, { grouping: true });

function sameHeader(cells: string[], expected: string[]): boolean {
  return cells.length >= expected.length && expected.every((name, i) => cells[i]?.toLowerCase() === name.toLowerCase());
}

export function parsePcf(content: string): PcfFile {
  const lines = textLines(content);
  if (!sameHeader(csvCells(lines[0] ?? ''), FUND_HEADER)) throw new ImportError(`line 1: expected the PCF fund header "${FUND_HEADER.join(',')}"`);
  const [fundCode = '', fundName = '', cash = '', units = '', date = ''] = csvCells(lines[1] ?? '');
  if (!/^[0-9A-Z]{4}$/.test(fundCode)) throw new ImportError(`line 2: ETF Code "${fundCode}" is not a 4-character TSE code`);
  const fundDate = calendarDate(date, 'YYYYMMDD');
  if (fundDate === undefined) throw new ImportError(`line 2: Fund Date "${date}" is not a calendar date (YYYYMMDD)`);
  const file: PcfFile = {
    fundCode,
    fundName,
    cash: figure(cash, 'etf.nav', 'line 2: Fund Cash Component'),
    unitsOutstanding: figure(units, 'etf.nav', 'line 2: Shares Outstanding'),
    fundDate,
    holdings: [],
  };
  if (file.unitsOutstanding <= 0) throw new ImportError('line 2: Shares Outstanding must be positive');
  let index = 2;
  while (index < lines.length && (lines[index] ?? '').trim() === '') index++;
  if (!sameHeader(csvCells(lines[index] ?? ''), HOLDING_HEADER)) {
    throw new ImportError(`line ${index + 1}: expected the PCF holdings header "${HOLDING_HEADER.join(',')}"`);
  }
  for (index++; index < lines.length; index++) {
    const text = lines[index] ?? '';
    if (text.trim() === '') continue;
    const lineNo = index + 1;
    const cells = csvCells(text);
    if (cells.length !== HOLDING_HEADER.length) throw new ImportError(`line ${lineNo}: expected ${HOLDING_HEADER.length} fields, found ${cells.length}`);
    const [code = '', name = '', isin = '', exchange = '', currency = '', shares = '', price = ''] = cells;
    if (code === '' || name === '') throw new ImportError(`line ${lineNo}: Code and Name are required`);
    const where = `line ${lineNo}`;
    file.holdings.push({
      code,
      name,
      isin,
      exchange,
      currency,
      shares: figure(shares, 'etf.holding', `${where}: Shares Amount`),
      price: figure(price, 'etf.holding', `${where}: Stock Price`),
    });
  }
  if (file.holdings.length === 0) throw new ImportError('the file lists no holdings');
  return file;
}

/**
 * The fund's net assets in yen: each holding at its price converted at that day's rate of its
 * currency (a holding without a currency is taken as quoted in yen, as before), plus the cash
 * component, taken in the fund's currency (yen: the PCF names no currency for it). Null when a
 * rate of that day is missing.
 */
async function netAssetsInYen(db: Transaction<Database>, file: PcfFile): Promise<number | null> {
  const currencyOf = (h: PcfHolding) => (h.currency === '' ? 'JPY' : h.currency);
  const rates = await yenRatesOn(db, file.holdings.map(currencyOf), file.fundDate);
  let total = file.cash;
  for (const holding of file.holdings) {
    const rate = rates.get(currencyOf(holding));
    if (rate === undefined) return null;
    total += holding.shares * holding.price * rate;
  }
  return total;
}

async function loadPcf(db: Transaction<Database>, file: PcfFile, release: ReleaseInfo): Promise<number> {
  let rows = 0;
  const fund = await db.selectFrom('etf_fund').select('currency').where('code', '=', file.fundCode).executeTakeFirst();
  if (fund === undefined) {
    // The PCF names the fund but not its manager or type; those stay unknown until described.
    await insertNewFund(db, { code: file.fundCode, name: file.fundName, name_jp: null, management_company: 'Unknown', source: release.source });
    rows++;
  }
  await db.deleteFrom('etf_holding').where('fund_code', '=', file.fundCode).where('fund_date', '=', file.fundDate).execute();
  let id = await nextId(db, 'etf_holding');
  const holdings = file.holdings.map((h) => ({
    id: id++,
    fund_code: file.fundCode,
    fund_date: file.fundDate,
    symbol: h.code,
    name: h.name,
    isin: h.isin === '' ? null : h.isin,
    exchange: h.exchange === '' ? null : h.exchange,
    currency: h.currency === '' ? null : h.currency,
    // The PCF names neither a holding's sector nor its asset class.
    sector: null,
    asset_class: null,
    shares: h.shares,
    price: h.price,
    eps: null,
    bps: null,
    sps: null,
    cfps: null,
    source: release.source,
  }));
  rows += await insertRows(db, 'etf_holding', holdings);

  await db.deleteFrom('etf_nav').where('fund_code', '=', file.fundCode).where('date', '=', file.fundDate).execute();
  const totalNetAssets = await netAssetsInYen(db, file);
  // Without that day's rate of a holding's currency the NAV is unknown: the day has none.
  if (totalNetAssets === null) return rows;
  await db
    .insertInto('etf_nav')
    .values({
      fund_code: file.fundCode,
      date: file.fundDate,
      nav: totalNetAssets / file.unitsOutstanding,
      total_net_assets: totalNetAssets,
      units_outstanding: file.unitsOutstanding,
      source: release.source,
    })
    .execute();
  noteFacts(db, [{ fact: storedFacts.table('etf_nav'), period: file.fundDate }]);
  return rows + 1;
}

export const jpxPcfImporter: Importer<PcfFile> = {
  dataset: 'jpx-etf-pcf',
  datasets: ['etf'],
  description: 'JPX ETF portfolio composition file (PCF, ICE Data Services CSV layout)',
  source: 'JPX ETF PCF (ICE Data Services)',
  parse: (content) => parsePcf(content),
  load: loadPcf,
};
