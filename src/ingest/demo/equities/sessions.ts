import { weekdaysBetween } from '../days.ts';

/** The demo's price history starts here, as the specification's does. */
export const HISTORY_START = '2021-10-01';

/** Exchange holidays the demo keeps: the year-end and New Year closures. */
const isClosedDay = (date: string) => date.endsWith('-12-31') || date.slice(5) <= '01-03';

/** Weekday sessions from the history start to `until`, both inclusive. */
export function tradingSessions(until: string): string[] {
  return weekdaysBetween(HISTORY_START, until).filter((date) => !isClosedDay(date));
}
