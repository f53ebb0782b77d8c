/**
 * Strict readers of the dates, months, quarters and times publishers write. Each returns the
 * hub's own form (`YYYY-MM-DD`, `YYYY-MM`, `YYYY-Qn`, an ISO instant), or undefined when the
 * text is not in the layout or names no real day: `Date.parse` rolls 2026-02-30 over to
 * March 2nd, so no reader here goes through it.
 */

export type DateLayout = 'YYYY-MM-DD' | 'YYYY/MM/DD' | 'YYYYMMDD';

const DATE_PATTERNS: Record<DateLayout, RegExp> = {
  'YYYY-MM-DD': /^(\d{4})-(\d{2})-(\d{2})$/,
  'YYYY/MM/DD': /^(\d{4})\/(\d{2})\/(\d{2})$/,
  YYYYMMDD: /^(\d{4})(\d{2})(\d{2})$/,
};

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** A day written in `layout` → `YYYY-MM-DD`. */
export function calendarDate(text: string, layout: DateLayout = 'YYYY-MM-DD'): string | undefined {
  const match = DATE_PATTERNS[layout].exec(text);
  return match === null ? undefined : isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** `YYYY-MM`, month 01–12. */
export function calendarMonth(text: string): string | undefined {
  const match = /^\d{4}-(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? text : undefined;
}

/** `YYYY-Qn`, quarter 1–4. */
export function calendarQuarter(text: string): string | undefined {
  return /^\d{4}-Q[1-4]$/.test(text) ? text : undefined;
}

/** An observation period at any of the hub's frequencies: `YYYY`, `YYYY-Qn`, `YYYY-MM` or `YYYY-MM-DD`. */
export function calendarPeriod(text: string): string | undefined {
  if (/^\d{4}$/.test(text)) return text;
  return calendarQuarter(text) ?? calendarMonth(text) ?? calendarDate(text);
}

/** The UTC instant of a wall-clock time on a day, or undefined for an hour past 23, a minute or second past 59. */
function instant(date: string, hours: number, minutes: number, seconds: number, millis: number, offsetMinutes: number): string | undefined {
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  const wallClock = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  wallClock.setUTCFullYear(year, month - 1, day);
  wallClock.setUTCHours(hours, minutes, seconds, millis);
  return new Date(wallClock.getTime() - offsetMinutes * 60_000).toISOString();
}

function offsetMinutes(sign: string, hours: string, minutes: string): number | undefined {
  const h = Number(hours);
  const m = Number(minutes);
  if (h > 23 || m > 59) return undefined;
  return (sign === '-' ? -1 : 1) * (h * 60 + m);
}

/**
 * An ISO 8601 / RFC 3339 date-time with its zone (`2026-06-19T08:45:00.100Z`,
 * `2026-06-18T15:30+09:00`) → the UTC instant (`toISOString`). A time without a zone is
 * refused: it would be read in the importing machine's zone.
 */
export function isoDateTime(text: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/.exec(text);
  if (match === null) return undefined;
  const [, dateText = '', hours = '', minutes = '', seconds = '0', fraction = '', utc, sign = '+', offsetHours = '0', offsetMins = '0'] = match;
  const date = calendarDate(dateText);
  const offset = utc === undefined ? offsetMinutes(sign, offsetHours, offsetMins) : 0;
  if (date === undefined || offset === undefined) return undefined;
  return instant(date, Number(hours), Number(minutes), Number(seconds), Number(fraction.padEnd(3, '0').slice(0, 3)), offset);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NAMED_ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

/**
 * An RFC 822 / RFC 2822 date-time, as RSS `<pubDate>` writes it (`Thu, 18 Jun 2026 06:30:00
 * +0900`), four-digit years only → the UTC instant. The weekday is checked for spelling only:
 * it repeats what the date says, and hand-made feeds often get it wrong while the date is right.
 */
export function rfc822DateTime(text: string): string | undefined {
  const match =
    /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s+(?:([A-Z]{1,3})|([+-])(\d{2})(\d{2}))$/.exec(
      text,
    );
  if (match === null) return undefined;
  const [, day = '', monthName = '', year = '', hours = '', minutes = '', seconds = '0', zone, sign = '+', offsetHours = '0', offsetMins = '0'] = match;
  const month = MONTHS.indexOf(monthName.toLowerCase()) + 1;
  const date = month === 0 ? undefined : isoDate(Number(year), month, Number(day));
  const offset = zone === undefined ? offsetMinutes(sign, offsetHours, offsetMins) : NAMED_ZONES[zone];
  if (date === undefined || offset === undefined) return undefined;
  return instant(date, Number(hours), Number(minutes), Number(seconds), 0, offset);
}
