/** Valuation zones and index bands (contract section 4; Fear & Greed bands as alternative.me). */

export type MvrvZone = 'undervalued' | 'fair_value' | 'overheating' | 'overvalued';
export type NuplZone = 'capitulation' | 'hope_fear' | 'optimism' | 'belief' | 'euphoria';

/** `undervalued` < 1 ≤ `fair_value` < 2.4 ≤ `overheating` < 3.7 ≤ `overvalued`. */
export function mvrvZone(mvrv: number): MvrvZone {
  if (mvrv < 1) return 'undervalued';
  if (mvrv < 2.4) return 'fair_value';
  if (mvrv < 3.7) return 'overheating';
  return 'overvalued';
}

/** `capitulation` < 0 ≤ `hope_fear` < 0.25 ≤ `optimism` < 0.5 ≤ `belief` < 0.75 ≤ `euphoria`. */
export function nuplZone(nupl: number): NuplZone {
  if (nupl < 0) return 'capitulation';
  if (nupl < 0.25) return 'hope_fear';
  if (nupl < 0.5) return 'optimism';
  if (nupl < 0.75) return 'belief';
  return 'euphoria';
}

/** 0–24 Extreme fear, 25–44 Fear, 45–55 Neutral, 56–75 Greed, 76–100 Extreme greed. */
export function fearGreedClassification(value: number): string {
  if (value <= 24) return 'Extreme fear';
  if (value <= 44) return 'Fear';
  if (value <= 55) return 'Neutral';
  if (value <= 75) return 'Greed';
  return 'Extreme greed';
}
