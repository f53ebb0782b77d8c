/** `2026-03-19` → `19-03-2026`, the twin's format for fund NAV dates. */
export function toDayMonthYear(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

/** Look-back windows in months, as the twin names them. */
export const PERIOD_MONTHS = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '3Y': 36 } as const;
export type PeriodKey = keyof typeof PERIOD_MONTHS;
