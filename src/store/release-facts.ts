import { sql, type Kysely, type Transaction } from 'kysely';
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

/** The facts noted so far in one transaction, and the provinces of the wards written (their country is the province's). */
class FactTally {
  readonly facts = new Map<string, Noted>();
  readonly wardProvinces = new Map<number, { rows: number; boundary: boolean }>();

  note(fact: string, period: string | null, rows = 1): void {
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
/** The attributes of a fund or issue a row states, each a fact of its own (`etf_fund:trust_fee`). */
const attributes = (tally: FactTally, table: string, row: Record<string, unknown>, columns: Readonly<Record<string, string>>) => {
  for (const [column, fact] of Object.entries(columns)) if (row[column] !== null && row[column] !== undefined) tally.note(`${table}:${fact}`, null);
};

const GRAINS: Grains = {
  instrument_close: (row, tally) => tally.note(`instrument_close:${row.instrument}`, row.date),
  macro_observation: (row, tally) => tally.note(`macro_observation:${row.series}`, row.period),
  crypto_metric: (row, tally) => tally.note(`crypto_metric:${row.metric}`, text(row.at)),
  crypto_market_snapshot: (row, tally) => tally.note('crypto_market_snapshot', text(row.at)),
  crypto_fear_greed: (row, tally) => tally.note('crypto_fear_greed', text(row.date)),
  crypto_coin: (_row, tally) => tally.note('crypto_coin', null),
  etf_fund: (row, tally) =>
    attributes(tally, 'etf_fund', row, {
      name: 'name',
      management_company: 'manager',
      index_name: 'index',
      trust_fee: 'trust_fee',
      listing_date: 'listing_date',
      trading_unit: 'trading_unit',
      distribution_yield: 'distribution_yield',
    }),
  etf_nav: (row, tally) => tally.note('etf_nav', text(row.date)),
  etf_price: (row, tally) => tally.note('etf_price', text(row.date)),
  etf_holding: (row, tally) => {
    const day = text(row.fund_date);
    tally.note('etf_holding', day);
    if (row.sector !== null && row.sector !== undefined) tally.note('etf_holding:sector', day);
    if ([row.eps, row.bps, row.sps, row.cfps].some((value) => value !== null && value !== undefined)) tally.note('etf_holding:valuation', day);
  },
  equity_issue: (row, tally) => {
    tally.note('equity_issue', null);
    if (row.listed_on !== null && row.listed_on !== undefined) tally.note('equity_issue:listed_on', null);
  },
  equity_bar: (row, tally) => tally.note('equity_bar', text(row.date)),
  equity_session: (row, tally) => tally.note('equity_session', text(row.date)),
  equity_statement: (row, tally) => tally.note('equity_statement', text(row.disclosed_on)),
  equity_action: (row, tally) => tally.note('equity_action', text(row.effective_date)),
  news_article: (row, tally) => tally.note('news_article', text(row.published_at)),
  news_article_symbol: (row, tally) => tally.note('news_article_symbol', text(row.published_at)),
  news_article_category: (row, tally) => tally.note('news_article_category', text(row.published_at)),
  calendar_event: (row, tally) => {
    const country = row.country.toLowerCase();
    tally.note(`calendar_event:${country}`, text(row.scheduled_at));
    if (row.forecast !== null && row.forecast !== undefined) tally.note(`calendar_event:${country}.forecast`, text(row.scheduled_at));
  },
  re_province: (row, tally) => tally.note(`re_province:${row.country}`, null),
  re_ward: (row, tally) => {
    const province = tally.wardProvinces.get(row.province_id) ?? { rows: 0, boundary: false };
    province.rows += 1;
    province.boundary ||= row.geometry !== null && row.geometry !== undefined && row.geometry !== '';
    tally.wardProvinces.set(row.province_id, province);
  },
  re_road_price: (row, tally) => tally.note('re_road_price', text(row.year)),
  re_province_price: (row, tally) => tally.note('re_province_price', text(row.month)),
  re_transaction: (row, tally) => tally.note('re_transaction:jp', text(row.trade_period)),
};

/** Notes a row written by `insertRows` (loader.ts), when its transaction is tallied. */
export function noteRow<T extends TableName>(writer: object, table: T, row: RowOf<T>): void {
  const tally = tallies.get(writer);
  if (tally === undefined) return;
  (GRAINS[table] as Grain<T> | undefined)?.(row, tally);
}

/** Notes facts a writer wrote otherwise than through `insertRows` (an update of a fund's attributes, a boundary). */
export function noteFacts(writer: object, facts: readonly { fact: string; period?: string | null; rows?: number }[]): void {
  const tally = tallies.get(writer);
  if (tally === undefined) return;
  for (const fact of facts) tally.note(fact.fact, fact.period ?? null, fact.rows ?? 1);
}

/** Starts counting what `trx` writes; `writeReleaseFacts` stores and ends it. */
export function tallyFacts(trx: Transaction<Database>): void {
  tallies.set(trx, new FactTally());
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
    const provinces = await trx.selectFrom('re_province').select(['id', 'country']).where('id', 'in', [...tally.wardProvinces.keys()]).execute();
    const countryOf = new Map(provinces.map((province) => [Number(province.id), province.country]));
    for (const [provinceId, wards] of tally.wardProvinces) {
      const country = countryOf.get(provinceId);
      if (country === undefined) continue;
      tally.note(`re_ward:${country}`, null, wards.rows);
      if (wards.boundary) {
        tally.note(`re_ward:${country}.boundary`, null, wards.rows);
        tally.note(`re_province:${country}.boundary`, null);
      }
    }
  }
  if (tally.facts.size === 0) return;
  const rows = [...tally.facts].map(([fact, noted]) => ({ release_id: releaseId, fact, rows: noted.rows, first_period: noted.first, last_period: noted.last }));
  for (let start = 0; start < rows.length; start += 1000) await trx.insertInto('release_fact').values(rows.slice(start, start + 1000)).execute();
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

/**
 * For each stored fact matching `patterns` (patterns.ts: a trailing `*` for any key so
 * starting, a bare table for all of its facts), the newest release holding it that was known
 * by the end of `asOf` (YYYY-MM-DD) when given.
 */
export async function latestReleaseFacts(db: Kysely<Database>, patterns: readonly string[], asOf?: string): Promise<FactRelease[]> {
  if (patterns.length === 0) return [];
  let query = db
    .selectFrom('release_fact as f')
    .innerJoin('release as r', 'r.id', 'f.release_id')
    .select(['f.fact', 'f.last_period', 'r.id', 'r.origin', 'r.source', 'r.dataset', 'r.source_id', 'r.archive_hashes', 'r.content_hash', 'r.knowledge_at'])
    .where((eb) =>
      eb.or(
        patterns.flatMap((pattern) => {
          if (pattern.endsWith('*')) return [startsWith(pattern.slice(0, -1))];
          // A bare table names every fact of the table (`re_transaction` holds `re_transaction:jp`).
          return pattern.includes(':') ? [eb('f.fact', '=', pattern)] : [eb('f.fact', '=', pattern), startsWith(`${pattern}:`)];
        }),
      ),
    );
  if (asOf !== undefined) query = query.where('r.knowledge_at', '<', nextDay(asOf));
  const rows = await query.orderBy('r.knowledge_at', 'desc').orderBy('r.id', 'desc').execute();
  const newest = new Map<string, FactRelease>();
  for (const row of rows) {
    if (newest.has(row.fact)) continue;
    newest.set(row.fact, {
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
    });
  }
  return [...newest.values()];
}

/** A prefix test both stores read alike (`like` would take the `_` of `instrument_close` for a wildcard). */
const startsWith = (prefix: string) => sql<boolean>`substr(f.fact, 1, ${prefix.length}) = ${prefix}`;

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}
