import { mondayOf, periodStart } from '../../kernel/dates.ts';
import type { Observation } from './series.repo.ts';
import type { SeriesAggregation, SeriesFrequency, SeriesPoint } from './series.schemas.ts';

const RANK: Readonly<Record<string, number>> = { intraday: 0, daily: 1, weekly: 2, monthly: 3, quarterly: 4, annual: 5 };

/** True when `wanted` is no finer than a family's `native` frequency. */
export const coarserOrSame = (wanted: SeriesFrequency, native: string): boolean => (RANK[wanted] ?? 0) >= (RANK[native] ?? 0);

/** The period a day falls in at a frequency: the day, a week's Monday, `2024-05`, `2024-Q2`, `2024`. */
export function periodOf(day: string, frequency: SeriesFrequency): string {
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

/** One period's observations, oldest first, and its last observation's day. */
interface Bucket {
  period: string;
  date: string;
  rows: Observation[];
}

/** Consecutive observations grouped by their period (observations come oldest first). */
function bucketsOf(observations: readonly Observation[], frequency: SeriesFrequency): Bucket[] {
  const buckets: Bucket[] = [];
  for (const row of observations) {
    const day = periodStart(row.at);
    if (day === null) continue;
    const period = periodOf(day, frequency);
    const last = buckets.at(-1);
    if (last?.period === period) {
      last.date = day;
      last.rows.push(row);
    } else {
      buckets.push({ period, date: day, rows: [row] });
    }
  }
  return buckets;
}

const lowest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const highest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const sum = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** The period's last figure; a bar's first open, highest high, lowest low and last close; volume summed or the last. */
function endOfPeriod({ period, date, rows }: Bucket, volume: 'sum' | 'last'): SeriesPoint {
  const point: SeriesPoint = { date, period, value: null, open: null, high: null, low: null, close: null, volume: null };
  for (const row of rows) {
    point.value = row.value;
    point.open ??= row.open;
    point.high = highest(point.high, row.high);
    point.low = lowest(point.low, row.low);
    point.close = row.close;
    point.volume = volume === 'sum' ? sum(point.volume, row.volume) : row.volume;
  }
  return point;
}

/** The mean or the sum of the period's figures (null when it has none); no bar; volume summed. */
function combined({ period, date, rows }: Bucket, aggregation: 'avg' | 'sum'): SeriesPoint {
  const values = rows.flatMap((row) => (row.value === null ? [] : [row.value]));
  const total = values.reduce((a, b) => a + b, 0);
  const value = values.length === 0 ? null : aggregation === 'sum' ? total : total / values.length;
  const volume = rows.reduce<number | null>((a, row) => sum(a, row.volume), null);
  return { date, period, value, open: null, high: null, low: null, close: null, volume };
}

function aggregate(observations: readonly Observation[], frequency: SeriesFrequency, aggregation: SeriesAggregation, volume: 'sum' | 'last'): SeriesPoint[] {
  return bucketsOf(observations, frequency).map((bucket) => (aggregation === 'eop' ? endOfPeriod(bucket, volume) : combined(bucket, aggregation)));
}

const asObservation = (point: SeriesPoint): Observation => ({ ...point, at: point.date });

/**
 * Observations as served, one a period: each stored period as is when no `frequency` is asked,
 * else each `frequency` period made of its figures by `aggregation`. An instant's figures
 * (crypto) are served a day at the least, each day's last; its volume is a rolling 24 hours, so
 * a day keeps its last and longer periods sum the days'.
 */
export function pointsOf(
  observations: readonly Observation[],
  frequency: SeriesFrequency | undefined,
  aggregation: SeriesAggregation,
  intraday: boolean,
): SeriesPoint[] {
  if (intraday) {
    const days = aggregate(observations, 'daily', 'eop', 'last');
    return frequency === undefined ? days : aggregate(days.map(asObservation), frequency, aggregation, 'sum');
  }
  if (frequency !== undefined) return aggregate(observations, frequency, aggregation, 'sum');
  return observations.flatMap((row) => {
    const date = periodStart(row.at);
    return date === null
      ? []
      : [{ date, period: row.at, value: row.value, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume }];
  });
}
