import { mondayOf, periodStart } from '../../kernel/dates.ts';
import type { Observation } from './series.repo.ts';
import type { SeriesFrequency, SeriesPoint } from './series.schemas.ts';

const RANK: Readonly<Record<string, number>> = { intraday: 0, daily: 1, weekly: 2, monthly: 3, quarterly: 4, annual: 5 };

/** True when `wanted` is no finer than a family's `native` frequency. */
export const coarserOrSame = (wanted: SeriesFrequency, native: string): boolean => (RANK[wanted] ?? 0) >= (RANK[native] ?? 0);

/** The period a day falls in at a frequency. */
function bucketOf(day: string, frequency: SeriesFrequency): string {
  switch (frequency) {
    case 'daily':
      return day;
    case 'weekly':
      return mondayOf(day);
    case 'monthly':
      return day.slice(0, 7);
    case 'quarterly':
      return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
    case 'annual':
      return day.slice(0, 4);
  }
}

const lowest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const highest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const sum = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** Each `frequency` period's last figure (OHLC: first open, highest high, lowest low, last close; volume summed or the last). */
function aggregate(observations: readonly Observation[], frequency: SeriesFrequency, volume: 'sum' | 'last'): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (const row of observations) {
    const day = periodStart(row.at);
    if (day === null) continue;
    const period = bucketOf(day, frequency);
    const last = points.at(-1);
    if (last === undefined || last.period !== period) {
      points.push({ date: day, period, value: row.value, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume });
      continue;
    }
    last.date = day;
    last.value = row.value;
    last.open ??= row.open;
    last.high = highest(last.high, row.high);
    last.low = lowest(last.low, row.low);
    last.close = row.close;
    last.volume = volume === 'sum' ? sum(last.volume, row.volume) : row.volume;
  }
  return points;
}

const asObservation = (point: SeriesPoint): Observation => ({ ...point, at: point.date });

/**
 * Observations as served, one a period: each stored period as is when no `frequency` is asked,
 * else each `frequency` period's last. An instant's figures (crypto) are served a day at the
 * least, each day's last; its volume is a rolling 24 hours, so a day keeps its last and longer
 * periods sum the days'.
 */
export function pointsOf(observations: readonly Observation[], frequency: SeriesFrequency | undefined, intraday: boolean): SeriesPoint[] {
  if (intraday) {
    const days = aggregate(observations, 'daily', 'last');
    return frequency === undefined || frequency === 'daily' ? days : aggregate(days.map(asObservation), frequency, 'sum');
  }
  if (frequency !== undefined) return aggregate(observations, frequency, 'sum');
  return observations.flatMap((row) => {
    const date = periodStart(row.at);
    return date === null
      ? []
      : [{ date, period: row.at, value: row.value, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume }];
  });
}
