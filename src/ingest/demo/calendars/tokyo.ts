import { addDays, monthEndDay, weekdayOf } from '../../../kernel/dates.ts';

/**
 * The Tokyo Stock Exchange's trading days, one calendar for every Tokyo-listed security of the
 * demo (stocks and ETFs): closed on weekends, on Japanese national holidays (the Act on National
 * Holidays: fixed days, Happy Monday days, the equinoxes, substitute and citizens' holidays, and
 * the one-off days of 2019–2021) and over the year end, 31 December to 3 January.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const day = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;

/** The `nth` Monday of a month (Happy Monday holidays). */
function nthMonday(year: number, month: number, nth: number): string {
  const first = day(year, month, 1);
  return addDays(first, ((8 - weekdayOf(first)) % 7) + 7 * (nth - 1));
}

/** Spring and autumn equinox days (the National Astronomical Observatory's formula, valid 1980–2099). */
const equinox = (year: number, base: number) => Math.floor(base + 0.242194 * (year - 1980) - Math.floor((year - 1980) / 4));

/** Days moved or added for the 2019 accession and the 2020 Olympics (held in 2021). */
const ONE_OFF: Record<number, { add: string[]; moved?: Partial<Record<'marine' | 'sports' | 'mountain', string>> }> = {
  2019: { add: ['2019-04-30', '2019-05-01', '2019-05-02', '2019-10-22'] },
  2020: { add: [], moved: { marine: '2020-07-23', sports: '2020-07-24', mountain: '2020-08-10' } },
  2021: { add: [], moved: { marine: '2021-07-22', sports: '2021-07-23', mountain: '2021-08-08' } },
};

/** The national holidays of a year, before substitutes and citizens' holidays. */
function namedHolidays(year: number): string[] {
  const oneOff = ONE_OFF[year];
  const days = [
    day(year, 1, 1),
    nthMonday(year, 1, 2),
    day(year, 2, 11),
    day(year, 3, equinox(year, 20.8431)),
    day(year, 4, 29),
    day(year, 5, 3),
    day(year, 5, 4),
    day(year, 5, 5),
    oneOff?.moved?.marine ?? nthMonday(year, 7, 3),
    oneOff?.moved?.mountain ?? day(year, 8, 11),
    nthMonday(year, 9, 3),
    day(year, 9, equinox(year, 23.2488)),
    oneOff?.moved?.sports ?? nthMonday(year, 10, 2),
    day(year, 11, 3),
    day(year, 11, 23),
    ...(oneOff?.add ?? []),
  ];
  // The Emperor's birthday: 23 December under the Heisei emperor, 23 February from 2020.
  if (year <= 2018) days.push(day(year, 12, 23));
  if (year >= 2020) days.push(day(year, 2, 23));
  return days;
}

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** Every national holiday of a year, substitute and citizens' holidays included. */
export function japaneseHolidays(year: number): ReadonlySet<string> {
  const cached = holidaysByYear.get(year);
  if (cached !== undefined) return cached;
  const holidays = new Set(namedHolidays(year));
  // A holiday on a Sunday moves to the next day that is not a holiday.
  for (const holiday of [...holidays].sort()) {
    if (weekdayOf(holiday) !== 0) continue;
    let substitute = addDays(holiday, 1);
    while (holidays.has(substitute)) substitute = addDays(substitute, 1);
    holidays.add(substitute);
  }
  // A weekday between two holidays is a holiday too (22 September 2026).
  for (let date = day(year, 1, 2); date < monthEndDay(year, 12); date = addDays(date, 1)) {
    if (!holidays.has(date) && weekdayOf(date) !== 0 && holidays.has(addDays(date, -1)) && holidays.has(addDays(date, 1))) holidays.add(date);
  }
  holidaysByYear.set(year, holidays);
  return holidays;
}

/** Whether the Tokyo exchange trades on `date`. */
export function isTokyoSession(date: string): boolean {
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = date.slice(5);
  if (monthDay === '12-31' || monthDay <= '01-03') return false;
  return !japaneseHolidays(Number(date.slice(0, 4))).has(date);
}
