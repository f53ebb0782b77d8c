import { sql, type Kysely, type Transaction } from 'kysely';
import { storedFacts, type StoredFact } from '../facts/names.ts';
import type { Database, ReleaseOrigin, RowOf, TableName } from './schema.ts';

/**
 * The facts a release wrote, counted as its rows are written: every row that reaches the store
 * through `insertRows` inside a transaction being tallied is noted at its family's grain
 * (src/facts/families.ts), and a writer that updates rows in place notes what it wrote with
 * `noteFacts`. `writeReleaseFacts` stores the tally with the release, in its transaction.
 */

interface Noted {
  rows: number;
  first: string | null;
  last: string | null;
}

/**
 * Holds one row's figure to what its fact can be (a publisher's lie fails the release): given
 * the stored fact, the row's period and its value; throws to refuse the row.
 */
export type FigureGuard = (fact: StoredFact, period: string | null, value: number | null) => void;

/** A series as its publisher describes it in a release: kept with the release's fact (release_fact). */
export interface SeriesDescription {
  name: string;
  unit: string;
  seasonalAdjustment?: string | undefined;
  notes?: string | undefined;
  /** When the publisher last updated the series (ISO). */
  updatedAt?: string | undefined;
}

/** The facts noted so far in one transaction, and the provinces of the wards written (their country is the province's). */
class FactTally {
  readonly facts = new Map<StoredFact, Noted>();
  readonly descriptions = new Map<StoredFact, SeriesDescription>();
  readonly wardProvinces = new Map<number, { rows: number; boundary: boolean }>();

  readonly guard: FigureGuard | undefined;

  constructor(guard: FigureGuard | undefined) {
    this.guard = guard;
  }

  note(fact: StoredFact, period: string | null, rows = 1, value?: number | null): void {
    if (value !== undefined) this.guard?.(fact, period, value);
    const noted = this.facts.get(fact);
    if (noted === undefined) {
      this.facts.set(fact, { rows, first: period, last: period });
      return;
    }
    noted.rows += rows;
    if (period !== null) {
      if (noted.first === null || period < noted.first) noted.first = period;
      if (noted.last === null || period > noted.last) noted.last = period;
    }
  }
}

/** Keyed by the transaction object every writer of a release is handed. */
const tallies = new WeakMap<object, FactTally>();

type Grain<T extends TableName> = (row: RowOf<T>, tally: FactTally) => void;
type Grains = { [T in TableName]?: Grain<T> };

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
/** The attributes of a fund a row states, each a fact of its own (`etf_fund:trust_fee`), by column. */
const FUND_ATTRIBUTES: Readonly<Record<string, StoredFact>> = {
  name: storedFacts.etfFund('name'),
  management_company: storedFacts.etfFund('manager'),
  index_name: storedFacts.etfFund('index'),
  trust_fee: storedFacts.etfFund('trust_fee'),
  listing_date: storedFacts.etfFund('listing_date'),
  trading_unit: storedFacts.etfFund('trading_unit'),
  distribution_yield: storedFacts.etfFund('distribution_yield'),
};
const noteFundAttributes = (tally: FactTally, row: Readonly<Record<string, unknown>>) => {
  for (const [column, fact] of Object.entries(FUND_ATTRIBUTES)) if (row[column] !== null && row[column] !== undefined) tally.note(fact, null);
};

const GRAINS: Grains = {
  instrument_close: (row, tally) => tally.note(storedFacts.close(row.instrument), row.date, 1, row.close),
  macro_observation: (row, tally) => tally.note(storedFacts.macro(row.series), row.period, 1, row.value),
  crypto_metric: (row, tally) => tally.note(storedFacts.cryptoMetric(row.metric), text(row.at)),
  crypto_market_snapshot: (row, tally) => tally.note(storedFacts.table('crypto_market_snapshot'), text(row.at)),
  crypto_fear_greed: (row, tally) => tally.note(storedFacts.table('crypto_fear_greed'), text(row.date)),
  crypto_coin: (_row, tally) => tally.note(storedFacts.table('crypto_coin'), null),
  etf_fund: (row, tally) => noteFundAttributes(tally, row),
  etf_nav: (row, tally) => tally.note(storedFacts.table('etf_nav'), text(row.date)),
  etf_price: (row, tally) => tally.note(storedFacts.table('etf_price'), text(row.date)),
  etf_holding: (row, tally) => {
    const day = text(row.fund_date);
    tally.note(storedFacts.table('etf_holding'), day);
    if (row.sector !== null && row.sector !== undefined) tally.note(storedFacts.etfHolding('sector'), day);
    if ([row.eps, row.bps, row.sps, row.cfps].some((value) => value !== null && value !== undefined)) tally.note(storedFacts.etfHolding('valuation'), day);
  },
  equity_issue: (row, tally) => {
    tally.note(storedFacts.table('equity_issue'), null);
    if (row.listed_on !== null && row.listed_on !== undefined) tally.note(storedFacts.equityIssue('listed_on'), null);
  },
  equity_bar: (row, tally) => tally.note(storedFacts.table('equity_bar'), text(row.date)),
  equity_session: (row, tally) => tally.note(storedFacts.table('equity_session'), text(row.date)),
  equity_statement: (row, tally) => tally.note(storedFacts.table('equity_statement'), text(row.disclosed_on)),
  equity_action: (row, tally) => tally.note(storedFacts.table('equity_action'), text(row.effective_date)),
  news_article: (row, tally) => tally.note(storedFacts.table('news_article'), text(row.published_at)),
  news_article_symbol: (row, tally) => tally.note(storedFacts.table('news_article_symbol'), text(row.published_at)),
  news_article_category: (row, tally) => tally.note(storedFacts.table('news_article_category'), text(row.published_at)),
  calendar_event: (row, tally) => {
    const country = row.country.toLowerCase();
    tally.note(storedFacts.calendarEvents(country), text(row.scheduled_at));
    if (row.forecast !== null && row.forecast !== undefined) tally.note(storedFacts.calendarForecasts(country), text(row.scheduled_at));
  },
  re_province: (row, tally) => tally.note(storedFacts.province(row.country), null),
  re_ward: (row, tally) => {
    const province = tally.wardProvinces.get(row.province_id) ?? { rows: 0, boundary: false };
    province.rows += 1;
    province.boundary ||= row.geometry !== null && row.geometry !== undefined && row.geometry !== '';
    tally.wardProvinces.set(row.province_id, province);
  },
  re_road_price: (row, tally) => tally.note(storedFacts.table('re_road_price'), text(row.year)),
  re_province_price: (row, tally) => tally.note(storedFacts.table('re_province_price'), text(row.month)),
  re_transaction: (row, tally) => tally.note(storedFacts.transactions('jp'), text(row.trade_period)),
};

/** Notes a row written by `insertRows` (loader.ts), when its transaction is tallied. */
export function noteRow<T extends TableName>(writer: object, table: T, row: RowOf<T>): void {
  const tally = tallies.get(writer);
  if (tally === undefined) return;
  (GRAINS[table] as Grain<T> | undefined)?.(row, tally);
}

/** Notes facts a writer wrote otherwise than through `insertRows` (an update of a fund's attributes, a boundary). */
export function noteFacts(writer: object, facts: readonly { fact: StoredFact; period?: string | null; rows?: number }[]): void {
  const tally = tallies.get(writer);
  if (tally === undefined) return;
  for (const fact of facts) tally.note(fact.fact, fact.period ?? null, fact.rows ?? 1);
}

/** Keeps the publisher's description of series `writer` wrote figures of, with the release (a series it wrote none of is not described). */
export function describeFacts(writer: object, descriptions: ReadonlyMap<StoredFact, SeriesDescription>): void {
  const tally = tallies.get(writer);
  if (tally === undefined) return;
  for (const [fact, description] of descriptions) tally.descriptions.set(fact, description);
}

/** Starts counting what `trx` writes, each series figure held to `guard`; `writeReleaseFacts` stores and ends it. */
export function tallyFacts(trx: Transaction<Database>, guard?: FigureGuard): void {
  tallies.set(trx, new FactTally(guard));
}

/** The year (YYYY) of the earliest period `trx` has written since `tallyFacts`, if any row had one. */
export function tallyFirstYear(trx: Transaction<Database>): string | undefined {
  let first: string | undefined;
  for (const noted of tallies.get(trx)?.facts.values() ?? []) if (noted.first !== null && (first === undefined || noted.first < first)) first = noted.first;
  return first?.slice(0, 4);
}

/** Stores what `trx` wrote since `tallyFacts` as the facts of `releaseId`, and ends the count. */
export async function writeReleaseFacts(trx: Transaction<Database>, releaseId: string): Promise<void> {
  const tally = tallies.get(trx);
  tallies.delete(trx);
  if (tally === undefined) return;
  if (tally.wardProvinces.size > 0) {
    const provinces = await trx
      .selectFrom('re_province')
      .select(['id', 'country'])
      .where('id', 'in', [...tally.wardProvinces.keys()])
      .execute();
    const countryOf = new Map(provinces.map((province) => [Number(province.id), province.country]));
    for (const [provinceId, wards] of tally.wardProvinces) {
      const country = countryOf.get(provinceId);
      if (country === undefined) continue;
      tally.note(storedFacts.ward(country), null, wards.rows);
      if (wards.boundary) {
        tally.note(storedFacts.wardBoundary(country), null, wards.rows);
        tally.note(storedFacts.provinceBoundary(country), null);
      }
    }
  }
  if (tally.facts.size === 0) return;
  const rows = [...tally.facts].map(([fact, noted]) => {
    const description = tally.descriptions.get(fact);
    return {
      release_id: releaseId,
      fact,
      table_name: tableOf(fact),
      rows: noted.rows,
      first_period: noted.first,
      last_period: noted.last,
      name: description?.name ?? null,
      unit: description?.unit ?? null,
      seasonal_adjustment: description?.seasonalAdjustment ?? null,
      notes: description?.notes ?? null,
      publisher_updated_at: description?.updatedAt ?? null,
    };
  });
  for (let start = 0; start < rows.length; start += 1000)
    await trx
      .insertInto('release_fact')
      .values(rows.slice(start, start + 1000))
      .execute();
}

/** The newest release holding one stored fact. */
export interface FactRelease {
  fact: string;
  releaseId: string;
  origin: ReleaseOrigin;
  publisher: string;
  dataset: string;
  sourceId: string | null;
  archiveHashes: string[];
  contentHash: string;
  knowledgeAt: string;
  lastPeriod: string | null;
}

/** True when `pattern` (as `latestReleaseFacts` reads it) names the stored `fact`. */
export function namesFact(pattern: string, fact: string): boolean {
  if (pattern.endsWith('*')) return fact.startsWith(pattern.slice(0, -1));
  return fact === pattern || (!pattern.includes(':') && fact.startsWith(`${pattern}:`));
}

/** The table of a stored fact: `instrument_close` of `instrument_close:fx:USD/JPY`. */
const tableOf = (fact: string): string => (fact.includes(':') ? fact.slice(0, fact.indexOf(':')) : fact);

/**
 * For each stored fact matching `patterns` (patterns.ts: a trailing `*` for any key so
 * starting, a bare table for all of its facts; or every fact), the newest release holding it that was known
 * by the end of `asOf` (YYYY-MM-DD) when given. One query whatever the number of patterns and
 * of releases: exact facts by the fact index, tables and families of keys by the table index,
 * the newest release per fact ranked in SQL.
 */
export async function latestReleaseFacts(db: Kysely<Database>, patterns: readonly string[] | 'every fact', asOf?: string): Promise<FactRelease[]> {
  if (patterns !== 'every fact' && patterns.length === 0) return [];
  let held = db
    .selectFrom('release_fact as f')
    .innerJoin('release as r', 'r.id', 'f.release_id')
    .select(['f.fact', 'f.last_period', 'r.id', 'r.origin', 'r.source', 'r.dataset', 'r.source_id', 'r.archive_hashes', 'r.content_hash', 'r.knowledge_at'])
    .select(sql<number>`row_number() over (partition by f.fact order by r.knowledge_at desc, r.id desc)`.as('newness'));
  if (patterns !== 'every fact') {
    const exact = patterns.filter((pattern) => pattern.includes(':') && !pattern.endsWith('*'));
    const tables = patterns.filter((pattern) => !pattern.includes(':'));
    const families = patterns.filter((pattern) => pattern.endsWith('*')).map((pattern) => pattern.slice(0, -1));
    held = held.where((eb) =>
      eb.or([
        ...(exact.length === 0 ? [] : [eb('f.fact', 'in', exact)]),
        ...(tables.length === 0 ? [] : [eb('f.table_name', 'in', tables)]),
        ...families.map((start) => eb.and([eb('f.table_name', '=', tableOf(start)), sql<boolean>`substr(f.fact, 1, ${start.length}) = ${start}`])),
      ]),
    );
  }
  if (asOf !== undefined) held = held.where('r.knowledge_at', '<', nextDay(asOf));
  const rows = await db.selectFrom(held.as('held')).selectAll().where('newness', '=', 1).orderBy('knowledge_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => ({
    fact: row.fact,
    releaseId: row.id,
    origin: row.origin,
    publisher: row.source,
    dataset: row.dataset,
    sourceId: row.source_id,
    archiveHashes: row.archive_hashes === null ? [] : (JSON.parse(row.archive_hashes) as string[]),
    contentHash: row.content_hash,
    knowledgeAt: row.knowledge_at,
    lastPeriod: row.last_period,
  }));
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}
