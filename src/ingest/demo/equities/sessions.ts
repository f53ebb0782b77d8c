import { isTokyoSession } from '../calendars/tokyo.ts';
import { weekdaysBetween } from '../days.ts';

/** The demo's price history starts here, as the specification's does. */
export const HISTORY_START = '2021-10-01';

/** The Tokyo exchange's sessions from the history start to `until`, both inclusive. */
export function tradingSessions(until: string): string[] {
  return weekdaysBetween(HISTORY_START, until).filter(isTokyoSession);
}
