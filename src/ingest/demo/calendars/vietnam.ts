import { weekdayOf } from '../../../kernel/dates.ts';

/** Fixed-date holidays of the Vietnamese exchanges; Tet moves, so it is listed per year. */
const VN_HOLIDAYS = ['01-01', '04-30', '05-01', '09-02'];
const TET: Record<string, [string, string]> = {
  '2017': ['01-26', '02-01'],
  '2018': ['02-14', '02-20'],
  '2019': ['02-04', '02-08'],
  '2020': ['01-23', '01-29'],
  '2021': ['02-10', '02-16'],
  '2022': ['01-31', '02-04'],
  '2023': ['01-20', '01-26'],
  '2024': ['02-08', '02-14'],
  '2025': ['01-27', '01-31'],
  '2026': ['02-16', '02-20'],
};

/** Whether the Ho Chi Minh City exchange (and the funds dealing with it) trades on `date`. */
export function isVietnamSession(date: string): boolean {
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = date.slice(5);
  const tet = TET[date.slice(0, 4)];
  if (tet !== undefined && monthDay >= tet[0] && monthDay <= tet[1]) return false;
  return !VN_HOLIDAYS.includes(monthDay);
}
