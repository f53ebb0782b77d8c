import { addQuarters, quartersBetween, tokyoDay } from '../../../kernel/dates.ts';

/** A quarter label `YYYY-Qn` as a cursor holds it, if it holds one. */
export function parseQuarter(text: unknown): string | undefined {
  return typeof text === 'string' && /^\d{4}-Q[1-4]$/.test(text) ? text : undefined;
}

/** The newest quarter that has ended in Tokyo at `now`. */
export function lastEndedQuarter(now: Date): string {
  const day = tokyoDay(now);
  return addQuarters(`${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`, -1);
}

/** The quarters after `through` (or the last `initial` ended ones) up to the last ended one, oldest first. */
export function quartersToAsk(through: string | undefined, initial: number, now: Date): string[] {
  const newest = lastEndedQuarter(now);
  const first = through === undefined ? addQuarters(newest, 1 - initial) : addQuarters(through, 1);
  return quartersBetween(first, newest);
}
