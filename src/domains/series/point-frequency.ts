import { DAY_MS } from '../../kernel/dates.ts';
import type { SeriesFrequency } from './series.schemas.ts';

/** The steps, in days, between a frequency's figures, a few days' leeway either side (a month of 28 to 31 days). */
const STEPS: readonly (readonly [SeriesFrequency, number, number])[] = [
  ['daily', 1, 1],
  ['weekly', 5, 10],
  ['monthly', 25, 35],
  ['quarterly', 85, 95],
  ['annual', 355, 375],
];

/**
 * The frequency dated figures are at, from the median step between consecutive days: a weekend,
 * a holiday or a missing fixing does not move it. `irregular` for any other step (a fund that
 * deals three days a week); undefined for fewer than two days. A commodity's close is daily from
 * one publisher and a monthly average from another: the label follows the points.
 */
export function frequencyOfDays(days: readonly string[]): SeriesFrequency | 'irregular' | undefined {
  const steps = days
    .slice(1)
    .map((day, i) => (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${days[i]}T00:00:00Z`)) / DAY_MS)
    .sort((a, b) => a - b);
  const median = steps[Math.floor(steps.length / 2)];
  if (median === undefined) return undefined;
  return STEPS.find(([, shortest, longest]) => median >= shortest && median <= longest)?.[0] ?? 'irregular';
}
