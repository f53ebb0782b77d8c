import { roundTo as round } from '../../core/numbers.ts';

/** Calendar arithmetic on `YYYY-MM-DD` strings, in UTC. */

/** Shifts a date by whole months, clamping to the month's last day (31 May − 1M = 30 Apr). */
export function shiftMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** `2026-03-19` → `19-03-2026`, the twin's format for fund NAV dates. */
export function toDayMonthYear(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

/** Look-back windows in months, as the twin names them. */
export const PERIOD_MONTHS = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '3Y': 36 } as const;
export type PeriodKey = keyof typeof PERIOD_MONTHS;

export { round };
