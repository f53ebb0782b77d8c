import { addDays, addMonthsToDay, mondayOf } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';

/** Pure figures over a commodity's closes (ascending by date): the rules the tests pin. */

export interface Close {
  date: string;
  close: number;
}

export const MA_WINDOW = 50;
export const TRENDLINE_POINTS = 5;

/** Percent change, 2 decimals; null when a side is missing or the base is not positive. */
export function pctChange(to: number | undefined, from: number | undefined): number | null {
  if (to === undefined || from === undefined || from <= 0) return null;
  return roundTo((to / from - 1) * 100, 2);
}

/** Mean of the last 50 closes (4 decimals); null with fewer than 50. */
export function movingAverage50(closes: readonly Close[]): number | null {
  if (closes.length < MA_WINDOW) return null;
  const window = closes.slice(-MA_WINDOW);
  return roundTo(window.reduce((sum, c) => sum + c.close, 0) / MA_WINDOW, 4);
}

/** `bullish` when the last close is above its 50-close average, else `bearish`; null without one. */
export function trendOf(lastClose: number | undefined, ma50: number | null): 'bullish' | 'bearish' | null {
  if (lastClose === undefined || ma50 === null) return null;
  return lastClose > ma50 ? 'bullish' : 'bearish';
}

/** The last point of each week (Monday to Sunday, UTC): the week's last trading day. */
export function weeklyLast<T extends { date: string }>(points: readonly T[]): T[] {
  const byWeek = new Map<string, T>();
  for (const point of points) byWeek.set(mondayOf(point.date), point);
  return [...byWeek.values()];
}

export type WindowPeriod = '7d' | '1m' | '3m' | 'ytd' | '1y';

/** First day (inclusive) of a window ending `today`. */
export function windowStart(period: WindowPeriod, today: string): string {
  switch (period) {
    case '7d':
      return addDays(today, -7);
    case '1m':
      return addMonthsToDay(today, -1);
    case '3m':
      return addMonthsToDay(today, -3);
    case 'ytd':
      return `${today.slice(0, 4)}-01-01`;
    case '1y':
      return addMonthsToDay(today, -12);
  }
}
