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
