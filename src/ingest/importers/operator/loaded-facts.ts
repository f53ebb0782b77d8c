import { ENDPOINT_FACTS } from '../../../facts/endpoint-fields.ts';
import { FACT_FAMILIES } from '../../../facts/families.ts';
import { overlaps } from '../../../facts/patterns.ts';
import { LOADED_EVENT_FAMILIES } from './events.ts';
import { LOADED_INSTRUMENT_FAMILIES } from './instruments.ts';
import { OBSERVATION_TABLES } from './observation-tables.ts';
import { familiesOf } from './operator-facts.ts';

/** The families the operator's files load, whatever the format. */
export const operatorFamilies = (): string[] => [
  ...Object.keys(OBSERVATION_TABLES),
  ...LOADED_EVENT_FAMILIES,
  ...LOADED_INSTRUMENT_FAMILIES,
  ...familiesOf('geography').map((family) => family.name),
];

const READ = ENDPOINT_FACTS.flatMap((endpoint) => [...Object.values(endpoint.fields).flat(), ...(endpoint.onRequest ?? [])]);

/**
 * What the operator-files source may fill, as a source's `feeds`: the stored pattern of each
 * family loaded (a key inside a pattern, `re_province:*.boundary`, widened to the table's keys),
 * among the facts endpoints read.
 */
export function operatorFeeds(): string[] {
  const loaded = new Set(operatorFamilies());
  const patterns = FACT_FAMILIES.filter((family) => loaded.has(family.name)).map((family) =>
    family.stored.includes('*') ? family.stored.slice(0, family.stored.indexOf('*') + 1) : family.stored,
  );
  return [...new Set(patterns)].filter((pattern) => READ.some((read) => overlaps(pattern, read)));
}
