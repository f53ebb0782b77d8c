/**
 * Rounds to `decimals` places, halves away from zero, so a change of -0.125 shows as -0.13 just
 * as +0.125 shows as +0.13 (Math.round alone would round the negative half towards zero).
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}

/** Rounds to a multiple of `step` (a price tick, a trading unit), without the binary residue (227.10000000000002). */
export const roundToStep = (value: number, step: number): number => Number((Math.round(value / step) * step).toFixed(6));

/** Smaller in magnitude than any figure a publisher writes, yet not zero: a denormal, a lie. */
export const SMALLEST_FIGURE = 1e-9;
/** Larger in magnitude than any figure of any family (src/facts/figure-bounds.ts). */
export const LARGEST_FIGURE = 1e15;

/**
 * Whether a stored figure can be served: one no family could hold (a lie loaded before the
 * figure rules, a non-finite number) is read as no figure, so no answer computed from stored
 * figures meets a non-finite number, whatever the store holds.
 */
export const isServableFigure = (value: number): boolean => Math.abs(value) <= LARGEST_FIGURE && (value === 0 || Math.abs(value) >= SMALLEST_FIGURE);
