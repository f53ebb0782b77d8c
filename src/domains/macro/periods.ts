import { roundTo as round } from '../../core/numbers.ts';

/** Period arithmetic on the labels the store uses: `YYYY-Qn`, `YYYY-MM`, `YYYY-MM-DD` (UTC). */

export const quarterIndex = (label: string): number => Number(label.slice(0, 4)) * 4 + Number(label.slice(6, 7)) - 1;
export const quarterLabel = (index: number): string => `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
export const addQuarters = (label: string, n: number): string => quarterLabel(quarterIndex(label) + n);

export const monthIndex = (label: string): number => Number(label.slice(0, 4)) * 12 + Number(label.slice(5, 7)) - 1;
export const monthLabel = (index: number): string =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
export const addMonths = (label: string, n: number): string => monthLabel(monthIndex(label) + n);

/** Every label from `from` to `to` inclusive, by a step function over indices. */
export function labelsBetween(from: string, to: string, index: (l: string) => number, label: (i: number) => string): string[] {
  const labels: string[] = [];
  for (let i = index(from); i <= index(to); i++) labels.push(label(i));
  return labels;
}
export const quartersBetween = (from: string, to: string) => labelsBetween(from, to, quarterIndex, quarterLabel);
export const monthsBetween = (from: string, to: string) => labelsBetween(from, to, monthIndex, monthLabel);

/** First day of a quarter, `YYYY-MM-DD`. */
export function quarterStart(label: string): string {
  const index = quarterIndex(label);
  return `${Math.floor(index / 4)}-${String((index % 4) * 3 + 1).padStart(2, '0')}-01`;
}

/** Last day of a quarter, `YYYY-MM-DD`. */
export function quarterEnd(label: string): string {
  return addDays(quarterStart(addQuarters(label, 1)), -1);
}

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The same day `n` months earlier, clamped to the month's last day (2026-03-31 − 1M → 2026-02-28). */
export function subtractMonthsFromDate(date: string, n: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - n;
  const day = Number(date.slice(8, 10));
  const first = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Look-back windows as months: `1M`, `3Y`, … */
export function windowMonths(window: string): number {
  const n = Number(window.slice(0, -1));
  return window.endsWith('Y') ? n * 12 : n;
}

/** Percent change, `null` when either figure is missing or the base is 0. */
export function percentChange(current: number | null | undefined, base: number | null | undefined, decimals = 2): number | null {
  if (current === null || current === undefined || base === null || base === undefined || base === 0) return null;
  return round(((current - base) / Math.abs(base)) * 100, decimals);
}

export { round };
