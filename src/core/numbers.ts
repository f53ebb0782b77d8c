/**
 * Rounds to `decimals` places, halves away from zero, so a change of -0.125 shows as -0.13 just
 * as +0.125 shows as +0.13 (Math.round alone would round the negative half towards zero).
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}
