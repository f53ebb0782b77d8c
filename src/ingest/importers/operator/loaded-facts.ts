import { factName, type StoredFact } from '../../../facts/names.ts';
import { familiesOf } from './operator-facts.ts';
import { UNAVAILABLE } from '../../../facts/unavailable.ts';
import { LOADED_EVENT_FAMILIES } from './events.ts';
import { LOADED_INSTRUMENT_FAMILIES } from './instruments.ts';
import { OBSERVATION_TABLES } from './observation-tables.ts';

/** The families the operator's files load, whatever the format. */
export const operatorFamilies = (): string[] => [
  ...Object.keys(OBSERVATION_TABLES),
  ...LOADED_EVENT_FAMILIES,
  ...LOADED_INSTRUMENT_FAMILIES,
  ...familiesOf('geography').map((family) => family.name),
];

/**
 * What the operator-files source declares it feeds: the facts no shipped publisher source fills
 * (unavailable.ts), those its files load. Its files may hold any fact of the families they load,
 * but what it is for is licensed data; a fact a publisher fills is reported as that publisher's.
 */
export function operatorFeeds(): StoredFact[] {
  const loaded = new Set(operatorFamilies());
  return UNAVAILABLE.flatMap((figure) => figure.facts).filter((fact) => loaded.has(factName(fact).family.name));
}
