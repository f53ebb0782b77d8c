/**
 * Calendar arithmetic on the labels the store uses, all in UTC: days `YYYY-MM-DD`, months
 * `YYYY-MM`, quarters `YYYY-Qn`, and the UTC instant of a publisher's wall-clock time
 * (`zonedInstant`). The one place these rules are written.
 */

import { InvalidInputError } from './domain-errors.ts';

export const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const isoDay = (instant: Date | number): string => new Date(instant).toISOString().slice(0, 10);

/** Japan keeps no daylight saving time: its day is always UTC+9. */
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** The calendar day in Tokyo at `instant` (the day Japanese publishers date their files by). */
export const tokyoDay = (instant: Date): string => isoDay(instant.getTime() + TOKYO_OFFSET_MS);

/** Milliseconds east of UTC of a zone's wall clock at `instant`. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time of `day` in an IANA zone names, daylight saving time included:
 * (`2026-07-14`, `08:30`, `America/New_York`) is 12:30 UTC, the same time in January 13:30 UTC.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00.000Z`);
  const guess = wall - zoneOffsetMs(timeZone, wall);
  return new Date(wall - zoneOffsetMs(timeZone, guess));
}

/**
 * A request's `from` and `to` (days, months or quarters, labels of one form, which sort as they
 * run): `from` after `to` is refused naming both. Either may be absent.
 */
export function checkFromNotAfterTo(from: string | undefined, to: string | undefined): void {
  if (from !== undefined && to !== undefined && from > to) throw new InvalidInputError([`from (${from}) must not be after to (${to})`]);
}

/** Midnight UTC of a day, in epoch milliseconds. */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** `day` moved by `n` calendar days (negative: earlier). */
export const addDays = (day: string, n: number): string => isoDay(dayStartMs(day) + n * DAY_MS);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS);

/** Day of the week, 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: string): number => new Date(dayStartMs(day)).getUTCDay();

/** The Monday of the week (Monday to Sunday) that holds `day`. */
export const mondayOf = (day: string): string => addDays(day, -((weekdayOf(day) + 6) % 7));

/** Days in a month, `month` 1–12. */
export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The last day of a month given as year and month 1–12 (months past 12 roll into later years). */
export function monthEndDay(year: number, month: number): string {
  return isoDay(Date.UTC(year, month, 0));
}

/**
 * `day` moved by whole months, the day of the month clamped to the target month's last day:
 * 2026-03-31 − 1 month is 2026-02-28, 2026-05-31 + 1 month is 2026-06-30.
 */
export function addMonthsToDay(day: string, n: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + n;
  const first = new Date(Date.UTC(year, month, 1));
  const lastDay = daysInMonth(first.getUTCFullYear(), first.getUTCMonth() + 1);
  first.setUTCDate(Math.min(Number(day.slice(8, 10)), lastDay));
  return isoDay(first);
}

export const monthIndex = (label: string): number => Number(label.slice(0, 4)) * 12 + Number(label.slice(5, 7)) - 1;
export const monthLabel = (index: number): string => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
/** A month label moved by `n` months. */
export const addMonths = (label: string, n: number): string => monthLabel(monthIndex(label) + n);

export const quarterIndex = (label: string): number => Number(label.slice(0, 4)) * 4 + Number(label.slice(6, 7)) - 1;
export const quarterLabel = (index: number): string => `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
/** A quarter label moved by `n` quarters. */
export const addQuarters = (label: string, n: number): string => quarterLabel(quarterIndex(label) + n);

/** Every label from `from` to `to` inclusive, by a step function over indices. */
export function labelsBetween(from: string, to: string, index: (l: string) => number, label: (i: number) => string): string[] {
  const labels: string[] = [];
  for (let i = index(from); i <= index(to); i++) labels.push(label(i));
  return labels;
}
/** Whether a period label is a quarter's (`2024-Q3`), not a month's (`2024-09`). */
export const isQuarterLabel = (label: string): boolean => label.charAt(5) === 'Q';
/** The quarter a month falls in: `2024-08` → `2024-Q3`. */
export const quarterOfMonth = (label: string): string => quarterLabel(Math.floor(monthIndex(label) / 3));
/** A quarter's last month: `2024-Q3` → `2024-09`. */
export const quarterLastMonth = (label: string): string => monthLabel(quarterIndex(label) * 3 + 2);

export const quartersBetween = (from: string, to: string) => labelsBetween(from, to, quarterIndex, quarterLabel);
export const monthsBetween = (from: string, to: string) => labelsBetween(from, to, monthIndex, monthLabel);

/** The last day of a month label, `YYYY-MM-DD`. */
export const monthEnd = (label: string): string => addDays(`${addMonths(label, 1)}-01`, -1);

/** First day of a quarter, `YYYY-MM-DD`. */
export function quarterStart(label: string): string {
  const index = quarterIndex(label);
  return `${Math.floor(index / 4)}-${String((index % 4) * 3 + 1).padStart(2, '0')}-01`;
}

/** Last day of a quarter, `YYYY-MM-DD`. */
export const quarterEnd = (label: string): string => addDays(quarterStart(addQuarters(label, 1)), -1);

/** A stored period's first day: `2024-05` → `2024-05-01`, `2024-Q2` → `2024-04-01`, `2024` → `2024-01-01`; an instant's day. */
export function periodStart(period: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}/.test(period)) return period.slice(0, 10);
  if (/^\d{4}-\d{2}$/.test(period)) return `${period}-01`;
  if (/^\d{4}-Q[1-4]$/.test(period)) return quarterStart(period);
  if (/^\d{4}$/.test(period)) return `${period}-01-01`;
  return null;
}
