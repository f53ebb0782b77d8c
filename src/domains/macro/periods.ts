import { isQuarterLabel, quarterLastMonth } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';

/**
 * A period's column in a monthly view: a month is its own; a quarter's figure (a quarterly
 * survey shown beside monthly series) stands at the quarter's last month, no other month invented.
 */
export const monthColumn = (period: string): string => (isQuarterLabel(period) ? quarterLastMonth(period) : period);

/** Look-back windows as months: `1M`, `3Y`, … */
export function windowMonths(window: string): number {
  const n = Number(window.slice(0, -1));
  return window.endsWith('Y') ? n * 12 : n;
}

/** Percent change, `null` when either figure is missing or the base is 0. */
export function percentChange(current: number | null | undefined, base: number | null | undefined, decimals = 2): number | null {
  if (current === null || current === undefined || base === null || base === undefined || base === 0) return null;
  return roundTo(((current - base) / Math.abs(base)) * 100, decimals);
}

/** Percent change at an annual rate: the change over one period compounded over `periodsPerYear` (BEA's quarterly GDP headline). */
export function annualizedChange(current: number | null | undefined, base: number | null | undefined, periodsPerYear: number, decimals = 2): number | null {
  if (current === null || current === undefined || base === null || base === undefined || base <= 0 || current < 0) return null;
  return roundTo(((current / base) ** periodsPerYear - 1) * 100, decimals);
}
