/**
 * Stored facts as sources declare them (`feeds`) and endpoints read them: a table
 * (`equity_bar`: any of its rows) or a table and the key of one series in it
 * (`macro_observation:us.cpi`), a trailing `*` standing for any key with that start
 * (`macro_observation:jp.fdi.*`, `re_ward:*` for every key).
 *
 * A bare table is the table as a whole: as a read, any of its rows; as a feed, rows of it, which
 * fills a read of the table as a whole and no read of one key: a source of Japan's wards
 * (`re_ward:jp`) does not fill Vietnam's (`re_ward:vn`), so a source of a keyed table declares
 * its keys.
 */

interface FactPattern {
  table: string;
  /** The key, or the start of the keys when `wildcard`. */
  key: string;
  wildcard: boolean;
  /** No key given: the table as a whole. */
  bare: boolean;
}

const FACT = /^([a-z][a-z0-9_]*)(?::(.+))?$/;

export function parseFact(fact: string): FactPattern {
  const match = FACT.exec(fact);
  if (match === null) throw new Error(`"${fact}" is not a fact ("table" or "table:key", a trailing * for any key so starting)`);
  const table = match[1] ?? '';
  const key = match[2];
  if (key === undefined) return { table, key: '', wildcard: true, bare: true };
  return key.endsWith('*') ? { table, key: key.slice(0, -1), wildcard: true, bare: false } : { table, key, wildcard: false, bare: false };
}

const isBare = (pattern: string): boolean => !pattern.includes(':');

/** True when a source that feeds `feed` fills `fact` (all of it, if `fact` is a family of keys: some of it is enough only for a whole table). */
export function feeds(feed: string, fact: string): boolean {
  const given = parseFact(feed);
  const read = parseFact(fact);
  if (given.table !== read.table) return false;
  if (given.bare) return read.bare;
  if (!given.wildcard) return !read.wildcard && given.key === read.key;
  // A bare table feed (`equity_issue`) fills the table's bare read only: a keyed fact of it
  // (`equity_issue:listed_on`, `re_province:vn`) must be declared as such.
  if (isBare(feed)) return isBare(fact);
  // A family read (`jp.fdi.*`) is fed by a feed of the family or of a wider one; a bare table read by any feed of the table.
  return read.key.startsWith(given.key) || (read.wildcard && read.key === '');
}

/** True when the two patterns name at least one fact in common: how a declared feed is checked against what endpoints read. */
export function overlaps(a: string, b: string): boolean {
  const x = parseFact(a);
  const y = parseFact(b);
  if (x.table !== y.table) return false;
  if (x.wildcard && y.wildcard) return x.key.startsWith(y.key) || y.key.startsWith(x.key);
  if (x.wildcard) return y.key.startsWith(x.key);
  if (y.wildcard) return x.key.startsWith(y.key);
  return x.key === y.key;
}
