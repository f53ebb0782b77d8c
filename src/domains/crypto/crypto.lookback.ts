import type { BubbleTimeframe } from './crypto.schemas.ts';

export const HOUR_MS = 3_600_000;

/**
 * How far back each change looks, and how much earlier than exactly that the reference
 * snapshot may be (publishers snapshot irregularly): past the tolerance the change is null.
 */
export const LOOKBACK: Record<BubbleTimeframe, { ms: number; toleranceMs: number }> = {
  '1h': { ms: HOUR_MS, toleranceMs: 15 * 60_000 },
  '1d': { ms: 24 * HOUR_MS, toleranceMs: 2 * HOUR_MS },
  '1w': { ms: 7 * 24 * HOUR_MS, toleranceMs: 12 * HOUR_MS },
};
