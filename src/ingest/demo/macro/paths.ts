import type { SeededRandom } from '../random.ts';

/** Decimal year of a `YYYY-MM-DD`, `YYYY-MM` or `YYYY-Qn` label (its start). */
export function decimalYear(label: string): number {
  const year = Number(label.slice(0, 4));
  if (label[5] === 'Q') return year + (Number(label[6]) - 1) / 4;
  const month = label.length >= 7 ? Number(label.slice(5, 7)) - 1 : 0;
  const day = label.length >= 10 ? Number(label.slice(8, 10)) - 1 : 0;
  return year + month / 12 + day / 365;
}

/** Piecewise-linear level through `[decimalYear, value]` anchors, flat outside them. */
export function anchorLevel(anchors: readonly (readonly [number, number])[], at: number): number {
  const first = anchors[0];
  const last = anchors[anchors.length - 1];
  if (first === undefined || last === undefined) throw new Error('anchors required');
  if (at <= first[0]) return first[1];
  for (let i = 1; i < anchors.length; i++) {
    const a = anchors[i - 1];
    const b = anchors[i];
    if (a !== undefined && b !== undefined && at <= b[0]) return a[1] + ((b[1] - a[1]) * (at - a[0])) / (b[0] - a[0]);
  }
  return last[1];
}

export interface PathOptions {
  /** Shock size per step: relative (log paths) or absolute. */
  volatility: number;
  /** Fraction of the deviation from the anchors undone each step (0: pure random walk around them). */
  reversion: number;
  log?: boolean;
}

/**
 * A mean-reverting random walk around anchored historical levels: realistic magnitudes over long
 * histories without the drift of a free walk.
 */
export function anchoredPath(random: SeededRandom, labels: readonly string[], anchors: readonly (readonly [number, number])[], options: PathOptions): number[] {
  let deviation = 0;
  return labels.map((label) => {
    deviation = deviation * (1 - options.reversion) + random.normal(0, options.volatility);
    const level = anchorLevel(anchors, decimalYear(label));
    return options.log === true ? level * Math.exp(deviation) : level + deviation;
  });
}
