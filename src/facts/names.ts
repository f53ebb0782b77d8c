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
export function storedFact(name: string): StoredFact | undefined {
  const colon = name.indexOf(':');
  const familyName = colon < 0 ? name : name.slice(0, colon);
  const family = FACT_FAMILIES.find((candidate) => candidate.name === familyName);
  if (family === undefined) return undefined;
  if (colon < 0) return familyFact(family);
  return family.stored.includes('*') ? (family.stored.replace('*', name.slice(colon + 1)) as StoredFact) : undefined;
}

/** A family as a whole: its one stored fact (`etf_fund:trust_fee`), or its table when it is keyed (`re_ward`). */
export const familyFact = (family: FactFamily): StoredFact =>
  (family.stored.includes('*') ? family.stored.slice(0, family.stored.indexOf(':')) : family.stored) as StoredFact;

/** The last part of a series that marks a change of the publisher's method (its value: the reason), not a figure. */
export const METHOD_CHANGE_MARKER = 'method-change';

/**
 * A stored fact's key as sources feed it and endpoints read it (patterns.ts): a table, or a
 * table and a key. Built only here, so a misspelt table is a type error and not a fact nobody
 * feeds; everything else receives these values.
 */
export type StoredFact = string & { readonly storedFact: unique symbol };

/** The tables whose facts are keyed: a fact of one is `table:key`, a trailing `*` in the key for every key so starting. */
type KeyedTable =
  | 'instrument_close'
  | 'macro_observation'
  | 'crypto_metric'
  | 'calendar_event'
  | 'etf_fund'
  | 'etf_holding'
  | 'equity_issue'
  | 're_province'
  | 're_ward'
  | 're_transaction';

/** The tables read or fed as a whole. */
type WholeTable =
  | KeyedTable
  | 'crypto_coin'
  | 'crypto_fear_greed'
  | 'crypto_market_snapshot'
  | 'equity_action'
  | 'equity_bar'
  | 'equity_session'
  | 'equity_statement'
  | 'etf_nav'
  | 'etf_price'
  | 'news_article'
  | 'news_article_category'
  | 'news_article_symbol'
  | 're_province_price'
  | 're_road_price';

const keyed =
  (table: KeyedTable) =>
  (key: string): StoredFact =>
    `${table}:${key}` as StoredFact;

/** The stored facts, by table. */
export const storedFacts = {
  /** A table as a whole: any of its rows. */
  table: (table: WholeTable): StoredFact => table as StoredFact,
  /** An instrument's daily closes (`index:N225`, `fx:USD/JPY`, `commodity:gold`). */
  close: keyed('instrument_close'),
  /** A macro series' observations (`us.cpi`, `jp.fdi.*`). */
  macro: keyed('macro_observation'),
  /** A crypto metric's values. */
  cryptoMetric: keyed('crypto_metric'),
  /** A country's scheduled releases (`us`); `.forecast` its forecasts. */
  calendarEvents: keyed('calendar_event'),
  calendarForecasts: (country: string): StoredFact => `calendar_event:${country}.forecast` as StoredFact,
  /** A column of the funds' reference data (`trust_fee`). */
  etfFund: keyed('etf_fund'),
  etfHolding: keyed('etf_holding'),
  equityIssue: keyed('equity_issue'),
  /** A country's provinces, wards and transactions (`jp`); `.boundary` their geometry. */
  province: keyed('re_province'),
  provinceBoundary: (country: string): StoredFact => `re_province:${country}.boundary` as StoredFact,
  ward: keyed('re_ward'),
  wardBoundary: (country: string): StoredFact => `re_ward:${country}.boundary` as StoredFact,
  transactions: keyed('re_transaction'),
} as const;
