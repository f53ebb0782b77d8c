import { FACT_FAMILIES, type FactFamily } from './families.ts';

/** A stored fact (a patterns.ts pattern) as users name it: its family, and its key within the family when it has one. */
export interface FactName {
  family: FactFamily;
  /** `FTSE` of `index.close:FTSE`; empty for a family without keys (`etf.nav`) or a bare table. */
  key: string;
  /** `index.close:FTSE`, `etf.nav`. */
  name: string;
}

/** The key `stored` has in `family`, or undefined if it is not the family's: `*` in the family's pattern stands for the key. */
function keyIn(family: FactFamily, stored: string): string | undefined {
  const star = family.stored.indexOf('*');
  if (star < 0) return stored === family.stored ? '' : undefined;
  const before = family.stored.slice(0, star);
  const after = family.stored.slice(star + 1);
  const table = before.slice(0, before.indexOf(':'));
  // A bare table (`re_transaction`) reads every key of a keyed family.
  if (stored === table) return '';
  if (!stored.startsWith(before) || !stored.endsWith(after) || stored.length < before.length + after.length) return undefined;
  const key = stored.slice(before.length, stored.length - after.length);
  return key.length === 0 ? undefined : key;
}

/** The name of a stored fact; throws for one no family holds (a new table must be given a family). */
export function factName(stored: string): FactName {
  for (const family of FACT_FAMILIES) {
    const key = keyIn(family, stored);
    if (key === undefined) continue;
    return { family, key, name: key === '' ? family.name : `${family.name}:${key}` };
  }
  throw new Error(`no fact family holds "${stored}" (src/facts/families.ts)`);
}

/** The stored pattern of a fact's name (`index.close:FTSE` → `instrument_close:index:FTSE`); undefined for an unknown family. */
export function storedFact(name: string): string | undefined {
  const colon = name.indexOf(':');
  const familyName = colon < 0 ? name : name.slice(0, colon);
  const family = FACT_FAMILIES.find((candidate) => candidate.name === familyName);
  if (family === undefined) return undefined;
  if (colon < 0) return family.stored.includes('*') ? family.stored.slice(0, family.stored.indexOf(':')) : family.stored;
  return family.stored.includes('*') ? family.stored.replace('*', name.slice(colon + 1)) : undefined;
}
