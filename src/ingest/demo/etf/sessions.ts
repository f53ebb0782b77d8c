import { isTokyoSession } from '../calendars/tokyo.ts';
import { isVietnamSession } from '../calendars/vietnam.ts';
import { weekdaysBetween } from '../days.ts';
import type { Market } from './catalogue.ts';

/** The trading days of a fund's market from `from` to `until`, both inclusive. */
export function fundSessions(from: string, until: string, market: Market): string[] {
  return weekdaysBetween(from, until).filter(market === 'jp' ? isTokyoSession : isVietnamSession);
}
