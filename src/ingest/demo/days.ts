import { DAY_MS, isoDay } from '../../kernel/dates.ts';

/** Calendar helpers the demo generators share. Dates are `YYYY-MM-DD`, UTC. */

const isWeekday = (time: number) => {
  const weekday = new Date(time).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** Monday-to-Friday dates from `from` to `until`, both inclusive, oldest first. */
export function weekdaysBetween(from: string, until: string): string[] {
  const dates: string[] = [];
  const end = Date.parse(`${until}T00:00:00Z`);
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= end; time += DAY_MS) if (isWeekday(time)) dates.push(isoDay(time));
  return dates;
}

/** The last `count` Monday-to-Friday dates up to `until`, oldest first. */
export function lastWeekdays(until: string, count: number): string[] {
  const dates: string[] = [];
  for (let time = Date.parse(`${until}T00:00:00Z`); dates.length < count; time -= DAY_MS) if (isWeekday(time)) dates.push(isoDay(time));
  return dates.reverse();
}
