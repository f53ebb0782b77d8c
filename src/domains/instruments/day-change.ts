import { roundTo } from '../../kernel/numbers.ts';

export interface DayChange {
  /** Level difference from the previous close, free of float noise. */
  change: number | null;
  /** Percent, two decimals. */
  changePercent: number | null;
}

/** The change of a close from the one before it: the one formula every endpoint that shows a day's move uses. */
export function dayChange(last: number | null, previous: number | null | undefined): DayChange {
  if (last === null || previous === null || previous === undefined || previous === 0) return { change: null, changePercent: null };
  return { change: roundTo(last - previous, 6), changePercent: roundTo(((last - previous) / Math.abs(previous)) * 100, 2) };
}
