import { addDays, periodStart } from '../../kernel/dates.ts';
import { periodOf } from './aggregation.ts';
import type { SeriesFrequency, SeriesPoint, SeriesUnits } from './series.schemas.ts';

/*
 * FRED's units transformations (fred/series/observations `units`), with its formulas
 * (https://fredhelp.stlouisfed.org/fred/data/understanding-the-data/formulas-calculate-growth-rates/):
 *   Change                                        x(t) - x(t-1)
 *   Change from Year Ago                          x(t) - x(t-n_obs_per_yr)
 *   Percent Change                                ((x(t)/x(t-1)) - 1) * 100
 *   Percent Change from Year Ago                  ((x(t)/x(t-n_obs_per_yr)) - 1) * 100
 *   Compounded Annual Rate of Change              (((x(t)/x(t-1)) ** (n_obs_per_yr)) - 1) * 100
 *   Continuously Compounded Rate of Change        (ln(x(t)) - ln(x(t-1))) * 100
 *   Continuously Compounded Annual Rate of Change ((ln(x(t)) - ln(x(t-1))) * 100) * n_obs_per_yr
 *   Natural Log                                   ln(x(t))
 * "n_obs_per_yr is the number of observations per year": daily 260 (no values on weekends),
 * weekly 52, monthly 12, quarterly 4, annual 1.
 *
 * x(t-1) is the previous point served. x(t-n_obs_per_yr) is found by period rather than by
 * counting n points back, so a missing period never pairs the wrong figures: the same month,
 * quarter or year a year earlier, a week 52 weeks earlier (its Monday), a day the same date a
 * year earlier (none for 29 February).
 */

/** FRED's name of each transformation. */
export const UNITS_LABELS: Readonly<Record<SeriesUnits, string>> = {
  lin: 'Levels',
  chg: 'Change',
  ch1: 'Change from Year Ago',
  pch: 'Percent Change',
  pc1: 'Percent Change from Year Ago',
  pca: 'Compounded Annual Rate of Change',
  cch: 'Continuously Compounded Rate of Change',
  cca: 'Continuously Compounded Annual Rate of Change',
  log: 'Natural Log',
};

const OBSERVATIONS_PER_YEAR: Readonly<Record<string, number>> = { daily: 260, weekly: 52, monthly: 12, quarterly: 4, annual: 1 };

/** FRED's n_obs_per_yr of a served frequency; undefined for one it gives none (an irregular fund's). */
export const observationsPerYear = (frequency: string): number | undefined => OBSERVATIONS_PER_YEAR[frequency];

/**
 * Each code's formula: over x(t) alone, or over x(t), the earlier figure it compares with (the
 * previous point's or the year-earlier one's) and n_obs_per_yr.
 */
type Formula = { basis: 'none'; of: (x: number) => number } | { basis: 'previous' | 'yearAgo'; of: (x: number, earlier: number, n: number) => number };
type Basis = Formula['basis'];

const FORMULAS: Readonly<Record<SeriesUnits, Formula>> = {
  lin: { basis: 'none', of: (x) => x },
  chg: { basis: 'previous', of: (x, earlier) => x - earlier },
  ch1: { basis: 'yearAgo', of: (x, earlier) => x - earlier },
  pch: { basis: 'previous', of: (x, earlier) => (x / earlier - 1) * 100 },
  pc1: { basis: 'yearAgo', of: (x, earlier) => (x / earlier - 1) * 100 },
  pca: { basis: 'previous', of: (x, earlier, n) => ((x / earlier) ** n - 1) * 100 },
  cch: { basis: 'previous', of: (x, earlier) => (Math.log(x) - Math.log(earlier)) * 100 },
  cca: { basis: 'previous', of: (x, earlier, n) => (Math.log(x) - Math.log(earlier)) * 100 * n },
  log: { basis: 'none', of: (x) => Math.log(x) },
};

/** True when `units` needs figures before the first point it is served for. */
export const needsEarlierPoints = (units: SeriesUnits): boolean => FORMULAS[units].basis !== 'none';

/** True when `units`' formula uses n_obs_per_yr. */
export const needsObservationsPerYear = (units: SeriesUnits): boolean => units === 'pca' || units === 'cca';

const isSeriesFrequency = (frequency: string): frequency is SeriesFrequency => frequency in OBSERVATIONS_PER_YEAR;

/** A point's period at the served frequency: a stored statistic's own, else the period its first day falls in. */
function periodKey(point: SeriesPoint, frequency: string): string {
  const day = periodStart(point.period) ?? point.date;
  return isSeriesFrequency(frequency) ? periodOf(day, frequency) : day;
}

/** The period a year before `period` (as periodKey writes it) at `frequency`. */
function yearBefore(period: string, frequency: string): string {
  if (frequency === 'weekly') return addDays(period, -52 * 7);
  return `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;
}

/** For each point, the earlier point its transformed figure is computed from (undefined: none). */
function basesOf(points: readonly SeriesPoint[], basis: Basis, frequency: string): (SeriesPoint | undefined)[] {
  switch (basis) {
    case 'none':
      return points.map(() => undefined);
    case 'previous':
      return points.map((_, i) => points[i - 1]);
    case 'yearAgo': {
      const byPeriod = new Map(points.map((point) => [periodKey(point, frequency), point]));
      return points.map((point) => byPeriod.get(yearBefore(periodKey(point, frequency), frequency)));
    }
  }
}

/** One served point in `units`, and the earlier point its figure was computed from. */
export interface TransformedPoint {
  point: SeriesPoint;
  basis: SeriesPoint | undefined;
}

/** The figure, or null where x or the earlier figure is missing or the formula is undefined there. */
function figureOf(formula: Formula, x: number | null, earlier: number | null | undefined, n: number): number | null {
  if (x === null) return null;
  let figure: number;
  if (formula.basis === 'none') figure = formula.of(x);
  else if (earlier === null || earlier === undefined) return null;
  else figure = formula.of(x, earlier, n);
  return Number.isFinite(figure) ? figure : null;
}

/**
 * The points in `units`, at the served `frequency`, in the same order. Only `value` is
 * transformed: other than `lin`, a bar's prices and the volume are null rather than shown
 * untransformed beside it. A figure is null where its earlier figure is missing or null, or
 * where the formula is undefined (the log of x ≤ 0, a ratio to 0): never NaN nor Infinity.
 */
export function transform(points: readonly SeriesPoint[], units: SeriesUnits, frequency: string): TransformedPoint[] {
  if (units === 'lin') return points.map((point) => ({ point, basis: undefined }));
  const formula = FORMULAS[units];
  // NaN where FRED gives no n_obs_per_yr: the service refuses pca and cca there first.
  const n = observationsPerYear(frequency) ?? Number.NaN;
  const bases = basesOf(points, formula.basis, frequency);
  return points.map((point, i) => {
    const basis = bases[i];
    const value = figureOf(formula, point.value, basis?.value, n);
    return { point: { date: point.date, period: point.period, value, open: null, high: null, low: null, close: null, volume: null }, basis };
  });
}
