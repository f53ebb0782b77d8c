import { roundTo } from '../../core/numbers.ts';

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
