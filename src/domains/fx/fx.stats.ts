/** The statistics behind the FX figures: pure functions over closes in date order. */

export const TRADING_DAYS_PER_YEAR = 252;

export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Sample standard deviation (n − 1); undefined below two values. */
export function sampleSd(values: readonly number[]): number | undefined {
  if (values.length < 2) return undefined;
  const m = mean(values);
  let squares = 0;
  for (const value of values) squares += (value - m) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/** ln(cᵢ / cᵢ₋₁) for each consecutive pair of closes. */
export function logReturns(closes: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const previous = closes[i - 1];
    const current = closes[i];
    if (previous === undefined || current === undefined) continue;
    returns.push(Math.log(current / previous));
  }
  return returns;
}

/** Pearson correlation of two equally long series; undefined when either has no variance. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | undefined {
  if (xs.length !== ys.length || xs.length < 2) return undefined;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return undefined;
  // Clamp the rounding noise that can push a perfect correlation past ±1.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** Annualised volatility in percent: sample sd of daily log returns × √252 × 100. */
export function annualisedVolPercent(returns: readonly number[]): number | undefined {
  const sd = sampleSd(returns);
  return sd === undefined ? undefined : sd * Math.sqrt(TRADING_DAYS_PER_YEAR) * 100;
}

/**
 * The volatility of each full `window` of returns, oldest to newest, for the last `count` windows.
 * Running sums keep it linear; daily returns are small, so the one-pass variance loses nothing
 * that the 2-decimal figures show.
 */
export function rollingVolPercent(returns: readonly number[], window: number, count: number): number[] {
  const vols: number[] = [];
  if (window < 2) return vols;
  const first = Math.max(window, returns.length - count + 1);
  let sum = 0;
  let squares = 0;
  for (let i = first - window; i < returns.length; i++) {
    const entering = returns[i] ?? 0;
    sum += entering;
    squares += entering * entering;
    const leavingIndex = i - window;
    if (leavingIndex >= first - window) {
      const leaving = returns[leavingIndex] ?? 0;
      sum -= leaving;
      squares -= leaving * leaving;
    }
    if (i + 1 >= first) {
      const variance = Math.max(0, (squares - (sum * sum) / window) / (window - 1));
      vols.push(Math.sqrt(variance) * Math.sqrt(TRADING_DAYS_PER_YEAR) * 100);
    }
  }
  return vols;
}
