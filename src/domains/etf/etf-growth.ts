import type { DatedValue } from './etf.repo.ts';
import { addMonthsToDay } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { PERIOD_MONTHS, toDayMonthYear, type PeriodKey } from './etf-dates.ts';
import type { NavGrowthPoint, PerformancePoint } from './etf.schemas.ts';

export const GROWTH_PERIODS = Object.keys(PERIOD_MONTHS) as PeriodKey[];

/** The last value dated on or before `date`, by binary search over an ascending series. */
export function valueAsOf(series: readonly DatedValue[], date: string): DatedValue | undefined {
  let low = 0;
  let high = series.length - 1;
  let found: DatedValue | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const point = series[mid];
    if (point === undefined) break;
    if (point.date <= date) {
      found = point;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** A period is available when the series began on or before the window's start. */
export function isAvailable(series: readonly DatedValue[], windowStart: string): boolean {
  const first = series[0];
  return first !== undefined && first.date <= windowStart;
}

/**
 * The dates a window shows: the anchor (the last date on or before the window start, where
 * growth is 0) and every later date up to `latest`, from the union of the series' dates.
 */
export function windowDates(allDates: readonly string[], windowStart: string, latest: string): string[] {
  let anchor = -1;
  for (let i = 0; i < allDates.length; i++) {
    const date = allDates[i];
    if (date !== undefined && date <= windowStart) anchor = i;
  }
  return allDates.slice(Math.max(0, anchor)).filter((date) => date <= latest);
}

/**
 * One series on a shared date grid, rebased to 0 % at the grid's first date. A grid date the
 * series did not publish carries the previous value, flagged with the date it really has.
 */
export function growthPoints(series: readonly DatedValue[], grid: readonly string[]): NavGrowthPoint[] {
  const points: NavGrowthPoint[] = [];
  let base: number | undefined;
  for (const date of grid) {
    const actual = valueAsOf(series, date);
    if (actual === undefined) continue;
    base ??= actual.value;
    const point: NavGrowthPoint = { date: toDayMonthYear(date), growthRate: roundTo((actual.value / base - 1) * 100, 2), nav: actual.value };
    if (actual.date !== date) {
      point.isFilledFromPreviousDate = true;
      point.actualDataDate = toDayMonthYear(actual.date);
    }
    points.push(point);
  }
  return points;
}

/** The fund's own NAV dates in the window, with the cumulative return since its anchor. */
export function performancePoints(series: readonly DatedValue[], windowStart: string): PerformancePoint[] {
  const last = series[series.length - 1];
  if (last === undefined) return [];
  const dates = windowDates(
    series.map((p) => p.date),
    windowStart,
    last.date,
  );
  const first = dates[0] === undefined ? undefined : valueAsOf(series, dates[0]);
  if (first === undefined) return [];
  return dates.flatMap((date) => {
    const point = valueAsOf(series, date);
    return point === undefined ? [] : [{ date: toDayMonthYear(date), nav: point.value, cumulativeReturn: roundTo((point.value / first.value - 1) * 100, 2) }];
  });
}

export function windowStartFor(latest: string, period: PeriodKey): string {
  return addMonthsToDay(latest, -PERIOD_MONTHS[period]);
}
