import { annualisedVolPercent, logReturns, mean, rollingVolPercent, sampleSd } from './fx.stats.ts';

/** The EM stress method; docs/adr/0010-fx-em-stress.md explains each constant. */
export const VOL_WINDOW = 30;
export const BASELINE_WINDOW = 90;
export const PRICE_WINDOW = 90;
/** Fewer baseline values (or closes) than this leaves the z-score unknown rather than noisy. */
export const MIN_BASELINE = 20;
export const WARNING_AT = 2;
export const PANIC_AT = 3;
/** Closes one pair needs for a full baseline: 90 rolling 30-day windows end on the last 90 returns. */
export const CLOSES_NEEDED = BASELINE_WINDOW + VOL_WINDOW + 1;

export const STRESS_LEVELS = ['STABLE', 'WARNING', 'PANIC', 'UNKNOWN'] as const;
export type StressLevel = (typeof STRESS_LEVELS)[number];
export const SUMMARY_LEVELS = ['STABLE', 'WARNING', 'PANIC'] as const;
export type SummaryLevel = (typeof SUMMARY_LEVELS)[number];

export interface PairStress {
  latestPrice: number | null;
  vol30d: number | null;
  vol90dMean: number | null;
  vol90dSd: number | null;
  zScore: number | null;
  priceZScore: number | null;
  level: StressLevel;
  sampleN: number;
}

/**
 * A rising volatility counts (a calm market is not stress); a price far from its 90-day mean
 * counts either way, as a sharp appreciation is as disorderly as a sell-off.
 */
export function stressLevel(zScore: number | null, priceZScore: number | null): StressLevel {
  if (zScore === null || priceZScore === null) return 'UNKNOWN';
  const stress = Math.max(zScore, Math.abs(priceZScore));
  if (stress >= PANIC_AT) return 'PANIC';
  if (stress >= WARNING_AT) return 'WARNING';
  return 'STABLE';
}

function zScoreOf(value: number, values: readonly number[]): number | null {
  if (values.length < MIN_BASELINE) return null;
  const sd = sampleSd(values);
  if (sd === undefined || sd === 0) return null;
  return (value - mean(values)) / sd;
}

/** Stress figures of one pair from its closes in date order (the last is the latest). */
export function pairStress(closes: readonly number[]): PairStress {
  const latestPrice = closes[closes.length - 1] ?? null;
  const returns = logReturns(closes);
  const vol30d = returns.length >= VOL_WINDOW ? (annualisedVolPercent(returns.slice(-VOL_WINDOW)) ?? null) : null;
  const baseline = rollingVolPercent(returns, VOL_WINDOW, BASELINE_WINDOW);
  const priceWindow = closes.slice(-PRICE_WINDOW);
  const zScore = vol30d === null ? null : zScoreOf(vol30d, baseline);
  const priceZScore = latestPrice === null ? null : zScoreOf(latestPrice, priceWindow);
  return {
    latestPrice,
    vol30d,
    vol90dMean: baseline.length > 0 ? mean(baseline) : null,
    vol90dSd: sampleSd(baseline) ?? null,
    zScore,
    priceZScore,
    level: stressLevel(zScore, priceZScore),
    sampleN: baseline.length,
  };
}

export interface StressSummary {
  level: SummaryLevel;
  score: number;
  panicCount: number;
  warningCount: number;
}

/** A panic weighs two warnings; two warnings make the EM complex WARNING, four PANIC. */
export function stressSummary(levels: readonly StressLevel[]): StressSummary | null {
  if (!levels.some((level) => level !== 'UNKNOWN')) return null;
  const panicCount = levels.filter((level) => level === 'PANIC').length;
  const warningCount = levels.filter((level) => level === 'WARNING').length;
  const score = 2 * panicCount + warningCount;
  const level: SummaryLevel = score >= 4 ? 'PANIC' : score >= 2 ? 'WARNING' : 'STABLE';
  return { level, score, panicCount, warningCount };
}
