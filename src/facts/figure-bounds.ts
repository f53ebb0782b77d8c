import { LARGEST_FIGURE } from '../kernel/numbers.ts';

/**
 * What a figure of each family can be, declared once: the range a true figure lies in, how far
 * one figure of a positive series can be from the one before it, the first day a figure can be
 * dated, and how far ahead of what the hub knows a figure may be dated (a schedule, a
 * forecast). Publisher readers (src/ingest/publisher-figures.ts) and the release's write guard
 * hold every figure to these; a value outside them is a publisher's error, not a market move.
 *
 * The ranges are wide on purpose: they refuse what no market or statistic has ever printed
 * (5e-324, 1e308, a rate of zero), not rare moves. The jump factor, 10, is larger than any
 * one-step move of a published level (WTI's fall to a negative price excepted: commodities may
 * be negative, and the factor is applied only between two positive figures); a slip of units
 * (cents for dollars, a missing decimal point) is 100 or 1,000.
 */
export interface FigureBounds {
  min: number;
  max: number;
  /** Zero is outside the range (a price, a rate, an index level). */
  positive: boolean;
  /** The largest factor between two consecutive positive figures of one series. */
  jump?: number;
}

export interface DateBounds {
  /** No figure of the fact can be dated before this day (YYYY-MM-DD). */
  earliest: string;
  /** Days after the knowledge time a figure's date may be: 0 but for schedules and forecasts. */
  horizonDays: number;
}

/** A publisher writes a figure in at most this many characters. */
export const LONGEST_FIGURE = 40;

const LEVEL: FigureBounds = { min: 1e-6, max: 1e7, positive: true, jump: 10 };
const ANY: FigureBounds = { min: -LARGEST_FIGURE, max: LARGEST_FIGURE, positive: false };
const PERCENT: FigureBounds = { min: -100, max: 10_000, positive: false };

const FAMILY_BOUNDS: Readonly<Record<string, FigureBounds>> = {
  'fx.close': { min: 1e-6, max: 1e6, positive: true, jump: 10 },
  'index.close': LEVEL,
  'commodity.close': { min: -1e4, max: 1e7, positive: false, jump: 10 },
  'crypto.fearGreed': { min: 0, max: 100, positive: false },
  'etf.trustFee': { min: 0, max: 100, positive: false },
  'etf.distributionYield': { min: 0, max: 1000, positive: false },
  // A bar holds the day's trading value in yen: Kioxia's of 2026-02-13 was 1.3442e12, SoftBank Group's of 2025 1.0332e12.
  'equity.bar': { min: 0, max: 1e13, positive: false },
  'etf.price': { min: 0, max: 1e12, positive: false },
};

/** Macro series whose figures are percentages or rates (`us.policy-rate`, `jp.tibor.3m`). */
const MACRO_PERCENT_SERIES = [
  'policy-rate',
  'overnight-rate',
  'unemployment',
  'bond-10y',
  'gdp.growth-published',
  'cpi.core-yoy',
  'current-account-to-gdp',
  'government-debt-to-gdp',
];
const isPercentSeries = (series: string): boolean => MACRO_PERCENT_SERIES.some((suffix) => series.endsWith(`.${suffix}`)) || /\.tibor\.|\.jgb\./.test(series);

/** The euro's first reference rates were fixed on 4 January 1999. */
const EURO_FIRST_DAY = '1999-01-04';
const EARLIEST = '1800-01-01';
/** Schedules and forecasts are published ahead: a release calendar for the years to come. */
const SCHEDULE_HORIZON_DAYS = 3 * 366;

/** The bounds of a figure of `fact` (a user's fact name: `fx.close:EUR/USD`, `macro:us.cpi`). */
export function figureBounds(fact: string): FigureBounds {
  const { family, key } = familyOf(fact);
  if (family === 'macro') return isPercentSeries(key) ? PERCENT : ANY;
  return FAMILY_BOUNDS[family] ?? ANY;
}

/** The days a figure of `fact` can be dated. */
export function dateBounds(fact: string): DateBounds {
  const { family, key } = familyOf(fact);
  const horizonDays = family.startsWith('calendar.') ? SCHEDULE_HORIZON_DAYS : 0;
  const earliest = family === 'fx.close' && key.split('/').includes('EUR') ? EURO_FIRST_DAY : EARLIEST;
  return { earliest, horizonDays };
}

/** A fact's family and key: `fx.close` and `EUR/USD` of `fx.close:EUR/USD` (names.ts names a stored fact so). */
function familyOf(fact: string): { family: string; key: string } {
  const colon = fact.indexOf(':');
  return colon < 0 ? { family: fact, key: '' } : { family: fact.slice(0, colon), key: fact.slice(colon + 1) };
}
