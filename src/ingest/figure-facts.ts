import { factName, storedFacts } from '../facts/names.ts';
import type { ObservationInput } from '../store/vintage.ts';
import { checkedDate } from './publisher-figures.ts';

/** The fact a close of `instrument` is, as the figure rules name it (`index:SPX` → `index.close:SPX`). */
export const closeFact = (instrument: string): string => factName(storedFacts.close(instrument)).name;

/** The fact a figure of the macro series `series` is (`us.cpi` → `macro:us.cpi`). */
export const macroFact = (series: string): string => factName(storedFacts.macro(series)).name;

/** A macro figure and where the publisher wrote it (file and line, or observation): `where` names it in a refusal and is never stored. */
export interface LocatedObservation extends ObservationInput {
  where: string;
}

/**
 * The observations as the store takes them, each period first held to the date rule at the
 * release's knowledge time (publisher-figures.ts), so a refused file names the line of the lie.
 */
export function datedObservations(observations: readonly LocatedObservation[], knowledgeAt: string): ObservationInput[] {
  return observations.map(({ where, ...row }) => {
    checkedDate(row.period, macroFact(row.series), knowledgeAt, where);
    return row;
  });
}
