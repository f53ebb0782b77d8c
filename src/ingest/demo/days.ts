/** Calendar helpers the demo generators share. Dates are `YYYY-MM-DD`, UTC. */
const DAY_MS = 86_400_000;

const isWeekday = (time: number) => {
  const weekday = new Date(time).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};
const dateOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Monday-to-Friday dates from `from` to `until`, both inclusive, oldest first. */
export function weekdaysBetween(from: string, until: string): string[] {
  const dates: string[] = [];
  const end = Date.parse(`${until}T00:00:00Z`);
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= end; time += DAY_MS) if (isWeekday(time)) dates.push(dateOf(time));
  return dates;
}

/** The last `count` Monday-to-Friday dates up to `until`, oldest first. */
export function lastWeekdays(until: string, count: number): string[] {
  const dates: string[] = [];
  for (let time = Date.parse(`${until}T00:00:00Z`); dates.length < count; time -= DAY_MS) if (isWeekday(time)) dates.push(dateOf(time));
  return dates.reverse();
}

/** The date `days` calendar days before `until`. */
export function daysBefore(until: string, days: number): string {
  return dateOf(Date.parse(`${until}T00:00:00Z`) - days * DAY_MS);
}
