/**
 * What an operator's file may name: the families of one file format (src/facts/families.ts) and,
 * for a keyed family, the keys the hub serves (the stored facts the endpoints read,
 * the routes' declared reads). Nothing here lists a family or a key: a family or series added
 * there is loadable here.
 */
import { READING_ENDPOINTS } from '../../../domains/index.ts';
import { FACT_FAMILIES, type FactFamily, type OperatorFormat } from '../../../facts/families.ts';
import { factName } from '../../../facts/names.ts';

/** The `source` figures loaded from an operator's file are served with. */
export const OPERATOR_SOURCE = 'Operator file (licensed data)';

/** The families an operator file of `format` loads. */
export const familiesOf = (format: OperatorFormat): FactFamily[] => FACT_FAMILIES.filter((family) => family.format === format);

export const isKeyed = (family: FactFamily): boolean => family.stored.includes('*');

/** Every stored fact an endpoint reads, by default or on request. */
const READ = [...new Set(READING_ENDPOINTS.flatMap(({ reads }) => [...Object.values(reads.fields).flat(), ...(reads.onRequest ?? [])]))];

interface ServedKeys {
  exact: Set<string>;
  /** The starts of keys read as a family (`jp.fdi.` of `macro:jp.fdi.*`); empty for any key (`fx:*`). */
  prefixes: string[];
}

const servedKeys = new Map<string, ServedKeys>();

/** The keys of `family` some endpoint reads. */
function keysOf(family: FactFamily): ServedKeys {
  const known = servedKeys.get(family.name);
  if (known !== undefined) return known;
  const keys: ServedKeys = { exact: new Set(), prefixes: [] };
  for (const stored of READ) {
    const name = factName(stored);
    if (name.family !== family || name.key === '') continue;
    if (name.key.endsWith('*')) keys.prefixes.push(name.key.slice(0, -1));
    else keys.exact.add(name.key);
  }
  servedKeys.set(family.name, keys);
  return keys;
}

/** A key as the store can hold it: no spaces, no `*`. */
const KEY_TEXT = /^[A-Za-z0-9][A-Za-z0-9./_-]*$/;

/** True when `key` is one of `family`'s served keys. */
export function servesKey(family: FactFamily, key: string): boolean {
  const keys = keysOf(family);
  return KEY_TEXT.test(key) && (keys.exact.has(key) || keys.prefixes.some((prefix) => key.startsWith(prefix)));
}

/** The served keys of `family`, for a refusal's message: `UKX, DAX, …` (and `jp.fdi.…` for a family of keys). */
export function servedKeysText(family: FactFamily): string {
  const keys = keysOf(family);
  return [...[...keys.exact].sort(), ...keys.prefixes.map((prefix) => (prefix === '' ? 'any key' : `${prefix}…`))].join(', ');
}
