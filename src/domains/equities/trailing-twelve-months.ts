import { monthEndDay } from '../../kernel/dates.ts';

/**
 * Quarters and TTM from cumulative year-to-date disclosures. A quarter on its own is the
 * difference of two consecutive YTD figures of the same fiscal year (the first quarter is its
 * own YTD); TTM is the sum of the last four such quarters, and null as soon as one is missing.
 * Only flow items (income statement) go through here: balance-sheet amounts are never summed.
 */
export interface YtdFigure {
  fiscalYearEnd: string;
  /** 1–3 for the quarters, 4 for the full year. */
  fiscalQuarter: number;
  periodEnd: string;
  value: number | null;
}

/** The fiscal year end one year earlier: same month, its last day (fiscal years end on month ends). */
export function previousFiscalYearEnd(fiscalYearEnd: string): string {
  return monthEndDay(Number(fiscalYearEnd.slice(0, 4)) - 1, Number(fiscalYearEnd.slice(5, 7)));
}

const slot = (fiscalYearEnd: string, quarter: number) => `${fiscalYearEnd}#${quarter}`;

/** The stand-alone figure of one quarter, or null when either YTD figure it needs is missing. */
function standaloneQuarter(ytd: ReadonlyMap<string, number | null>, fiscalYearEnd: string, quarter: number): number | null {
  const current = ytd.get(slot(fiscalYearEnd, quarter));
  if (current === undefined || current === null) return null;
  if (quarter === 1) return current;
  const before = ytd.get(slot(fiscalYearEnd, quarter - 1));
  return before === undefined || before === null ? null : current - before;
}

/** TTM ending at the latest period of `figures` (one figure per period, the served disclosure). */
export function trailingTwelveMonths(figures: readonly YtdFigure[]): { periodEnd: string; value: number | null } | null {
  let latest: YtdFigure | undefined;
  const ytd = new Map<string, number | null>();
  for (const figure of figures) {
    ytd.set(slot(figure.fiscalYearEnd, figure.fiscalQuarter), figure.value);
    if (latest === undefined || figure.periodEnd > latest.periodEnd) latest = figure;
  }
  if (latest === undefined) return null;
  let fiscalYearEnd = latest.fiscalYearEnd;
  let quarter = latest.fiscalQuarter;
  let total = 0;
  for (let counted = 0; counted < 4; counted++) {
    const value = standaloneQuarter(ytd, fiscalYearEnd, quarter);
    if (value === null) return { periodEnd: latest.periodEnd, value: null };
    total += value;
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      fiscalYearEnd = previousFiscalYearEnd(fiscalYearEnd);
    }
  }
  return { periodEnd: latest.periodEnd, value: total };
}
