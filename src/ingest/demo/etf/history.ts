import type { EtfNavRow, EtfPriceRow } from '../../../store/tables/etf.tables.ts';
import { weekdayOf } from '../../../kernel/dates.ts';
import { roundTo, roundToStep } from '../../../kernel/numbers.ts';
import type { DemoContext } from '../framework.ts';
import { ETF_DEMO_SOURCE, type DemoFund, type Market } from './catalogue.ts';
import { fundSessions } from './sessions.ts';
import { levelsFrom, REFERENCE_DAY, yearsBetween, type DriverPath } from './walks.ts';

const tick = (price: number) => (price < 1000 ? 0.1 : price < 10000 ? 1 : 10);

export function historyStart(ctx: DemoContext): string {
  return ctx.scale === 'full' ? '2017-01-02' : '2021-06-14';
}

export interface FundHistory {
  navs: EtfNavRow[];
  prices: Omit<EtfPriceRow, 'id'>[];
}

/**
 * One fund's NAVs, units and prices, walked forward from its start. Each pass has a stream of
 * its own, so the draws for a date never depend on how many dates the seed has.
 */
export function fundHistory(fund: DemoFund, market: Market, drivers: Map<string, DriverPath>, ctx: DemoContext): FundHistory {
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
  const dates = fundSessions(start, ctx.until, market).filter(
    (date) => (fund.dealingDays === undefined || fund.dealingDays.includes(weekdayOf(date))) && !gaps.chance(0.004),
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
  const units = levelsFrom(fund.endAum / fund.endNav, unitSteps).map((u) => roundToStep(u, fund.tradingUnit ?? 1));
  // Units that moved by less than a trading unit did not move.
  for (let i = 1; i < units.length; i++) if (unitSteps[i] === 0) units[i] = units[i - 1] ?? 0;

  const navRows: EtfNavRow[] = [];
  const priceRows: Omit<EtfPriceRow, 'id'>[] = [];
  dates.forEach((date, i) => {
    const nav = roundTo(navs[i] ?? 0, market === 'vn' ? 2 : 4);
    const unitCount = units[i] ?? 0;
    navRows.push({ fund_code: fund.code, date, nav, total_net_assets: roundTo(nav * unitCount, 0), units_outstanding: unitCount, source: ETF_DEMO_SOURCE });
    if (market === 'jp') {
      const step = tick(nav);
      const close = roundToStep(nav * (1 + priceRandom.normal(0, 0.0015)), step);
      const open = roundToStep(close * (1 + priceRandom.normal(0, 0.004)), step);
      const high = Math.max(open, close, roundToStep(Math.max(open, close) * (1 + Math.abs(priceRandom.normal(0, 0.004))), step));
      const low = Math.min(open, close, roundToStep(Math.min(open, close) * (1 - Math.abs(priceRandom.normal(0, 0.004))), step));
      const turnover = (fund.endAum * 0.00015 * Math.exp(priceRandom.normal(0, 0.5))) / close;
      const volume = roundToStep(turnover, fund.tradingUnit ?? 1);
      priceRows.push({ fund_code: fund.code, date, open, high, low, close, volume, source: ETF_DEMO_SOURCE });
    }
  });
  return { navs: navRows, prices: priceRows };
}
