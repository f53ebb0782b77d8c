/** Rounds half away from zero to `digits` decimals (served figures carry a fixed precision). */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}

/** Percent change from `from` to `to`; null when either is missing or the base is not positive. */
export function percentChange(to: number | null | undefined, from: number | null | undefined): number | null {
  if (to === null || to === undefined || from === null || from === undefined || from <= 0) return null;
  return (to / from - 1) * 100;
}
