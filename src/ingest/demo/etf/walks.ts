import { anchorLevel, decimalYear } from '../macro/paths.ts';
import { WALKED } from '../instruments/paths.ts';
import { fxInstrument, indexInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { DAY_MS, dayStartMs } from '../../../kernel/dates.ts';
import type { DemoContext } from '../framework.ts';
import type { SeededRandom } from '../random.ts';
import type { Driver, Market } from './catalogue.ts';

/**
 * The index each fund follows, read from the instruments' series store: a fund's NAV moves with
 * the index level the indices endpoints serve. The S&P 500 fund holds it in yen.
 */
export const INDEX_DRIVERS: Record<Exclude<Driver, 'nikkeiLev2' | 'highDividend'>, { market: Market; legs: readonly string[] }> = {
  topix: { market: 'jp', legs: [indexInstrument('TOPIX')] },
  nikkei: { market: 'jp', legs: [indexInstrument('N225')] },
  reit: { market: 'jp', legs: [indexInstrument('TSEREIT')] },
  sp500: { market: 'jp', legs: [indexInstrument('SPX'), fxInstrument('USD/JPY')] },
  vnindex: { market: 'vn', legs: [indexInstrument('VNINDEX')] },
};
/** The high-dividend index is not in the store: its own walk, loading on TOPIX. */
export const HIGH_DIVIDEND = { drift: 0.02, vol: 0.07, beta: 0.85 };
/** The day the funds' end figures describe: each NAV starts where its index (or drift) brings it there. */
export const REFERENCE_DAY = '2026-11-20';
/** Daily share of a driver's deviation from its trend undone: keeps the walk near today's levels over years. */
const TREND_REVERSION = 0.01;

/**
 * Daily log returns of a driver on its market's sessions: its drift plus the change of a
 * deviation from trend that slowly reverts, so no five-year history ends at four times where
 * it began. Drawn forward from the first session, one session at a time.
 */
export function driverReturns(dates: readonly string[], drift: number, vol: number, random: SeededRandom): Map<string, number> {
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
export function levelsFrom(start: number, returns: readonly number[]): number[] {
  let level = Math.log(start);
  return returns.map((r) => {
    level += r;
    return Math.exp(level);
  });
}

export const yearsBetween = (from: string, to: string) => (dayStartMs(to) - dayStartMs(from)) / (365.25 * DAY_MS);

/** A driver's daily log returns and its level before the first of them, relative to its level on the reference day. */
export interface DriverPath {
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
export async function indexDrivers(ctx: DemoContext, from: string): Promise<Map<string, DriverPath>> {
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
      const level = others.reduce<number | undefined>(
        (product, leg) => (product === undefined || !leg.has(date) ? undefined : product * (leg.get(date) ?? 1)),
        close,
      );
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
