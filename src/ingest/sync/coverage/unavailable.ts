/**
 * Figures the hub serves that no free publisher offers: the one list `fdh sync coverage` names
 * as the reason a field stays unfed, and docs/data-sources.md prints (its coverage section is
 * generated from this list). A missing figure is served as null, never invented.
 */
import { overlaps } from './facts.ts';

export interface UnavailableFigure {
  /** The facts (facts.ts patterns) no free publisher fills. */
  facts: readonly string[];
  /** What the figure is, in words. */
  figure: string;
  reason: string;
}

export const UNAVAILABLE: readonly UnavailableFigure[] = [
  {
    facts: ['macro_observation:us.pmi.*', 'macro_observation:jp.pmi.*', 'macro_observation:vn.pmi.*'],
    figure: 'Manufacturing and services PMI (US, Japan, Vietnam)',
    reason: 'ISM and S&P Global publish their PMIs under licence; the free statistical publishers (FRED, e-Stat, the central banks) carry none of them.',
  },
  {
    facts: ['crypto_metric:liquidations_*'],
    figure: 'Crypto liquidations over 24 hours',
    reason: "Exchanges' public APIs give liquidations only as a live stream, with no history a scheduled fetch could read; aggregated histories are paid products.",
  },
];

/** The unavailable figure that names `fact`, if any. */
export function unavailableFor(fact: string): UnavailableFigure | undefined {
  return UNAVAILABLE.find((entry) => entry.facts.some((known) => overlaps(known, fact)));
}
