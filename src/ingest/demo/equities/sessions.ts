/** The demo's price history starts here, as the specification's does. */
export const HISTORY_START = '2021-10-01';

/** Exchange holidays the demo keeps: the year-end and New Year closures. */
const isClosedDay = (date: string) => date.endsWith('-12-31') || date.slice(5) <= '01-03';

/** Weekday sessions from the history start to `until`, both inclusive. */
export function tradingSessions(until: string): string[] {
  const sessions: string[] = [];
  for (let day = new Date(`${HISTORY_START}T00:00:00Z`); day.toISOString().slice(0, 10) <= until; day.setUTCDate(day.getUTCDate() + 1)) {
    const weekday = day.getUTCDay();
    const date = day.toISOString().slice(0, 10);
    if (weekday !== 0 && weekday !== 6 && !isClosedDay(date)) sessions.push(date);
  }
  return sessions;
}
