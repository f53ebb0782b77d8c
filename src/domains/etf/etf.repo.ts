import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { indexInstrument } from '../instruments/instruments.catalogue.ts';
import { InstrumentRepo } from '../instruments/instrument.repo.ts';
import type { EtfFundRow, EtfHoldingRow, EtfNavRow, EtfPriceRow } from './etf.tables.ts';

export interface DatedValue {
  date: string;
  value: number;
}

/** One fund and a date to look a NAV up on or before. */
export interface FundDate {
  code: string;
  date: string;
}

/**
 * The etf domain's reads. Every per-fund read walks a (fund_code, date) key or index; the reads
 * across funds are one query each, driven by the fund list, whatever the number of funds.
 */
export class EtfRepo {
  #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  listFunds(): Promise<EtfFundRow[]> {
    return this.#db.selectFrom('etf_fund').selectAll().orderBy('code').execute();
  }

  findFund(code: string): Promise<EtfFundRow | undefined> {
    return this.#db.selectFrom('etf_fund').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** The funds with these codes (unknown codes have none), by code. */
  async findFunds(codes: readonly string[]): Promise<Map<string, EtfFundRow>> {
    if (codes.length === 0) return new Map();
    const rows = await this.#db.selectFrom('etf_fund').selectAll().where('code', 'in', codes).execute();
    return new Map(rows.map((row) => [row.code, row]));
  }

  /**
   * The last `count` NAV rows of every fund, by fund code, newest first: for each fund, one seek
   * of the (fund_code, date) key from its `count`-th newest date.
   */
  async latestNavsOfAll(count: number): Promise<Map<string, EtfNavRow[]>> {
    const rows = await this.#db
      .selectFrom('etf_fund as f')
      .innerJoin('etf_nav as n', (join) =>
        join.onRef('n.fund_code', '=', 'f.code').on('n.date', '>=', nthNewestDate('etf_nav', count)),
      )
      .selectAll('n')
      .orderBy('n.fund_code')
      .orderBy('n.date', 'desc')
      .execute();
    return Map.groupBy(rows, (row) => row.fund_code);
  }

  /** The last `count` exchange sessions of every fund, by fund code, newest first (read as `latestNavsOfAll`). */
  async latestPricesOfAll(count: number): Promise<Map<string, EtfPriceRow[]>> {
    const rows = await this.#db
      .selectFrom('etf_fund as f')
      .innerJoin('etf_price as p', (join) =>
        join.onRef('p.fund_code', '=', 'f.code').on('p.date', '>=', nthNewestDate('etf_price', count)),
      )
      .selectAll('p')
      .orderBy('p.fund_code')
      .orderBy('p.date', 'desc')
      .execute();
    return Map.groupBy(rows, (row) => row.fund_code);
  }

  /**
   * For each asked (fund, date), the last NAV published on or before that date, keyed by
   * `navKey(code, date)`; none when the fund had published none by then. The asked pairs are a
   * VALUES list (its columns are column1, column2 on both stores); each pair is one backward
   * seek of the (fund_code, date) key.
   */
  async navsOnOrBefore(asked: readonly FundDate[]): Promise<Map<string, EtfNavRow>> {
    if (asked.length === 0) return new Map();
    const pairs = sql<{ column1: string; column2: string }>`(values ${sql.join(asked.map(({ code, date }) => sql`(${code}, ${date})`))})`;
    const rows = await this.#db
      .selectFrom(pairs.as('w'))
      .innerJoin('etf_nav as n', (join) =>
        join.onRef('n.fund_code', '=', 'w.column1').on((eb) =>
          eb(
            'n.date',
            '=',
            eb.selectFrom('etf_nav as x').select('x.date').whereRef('x.fund_code', '=', 'w.column1').whereRef('x.date', '<=', 'w.column2').orderBy('x.date', 'desc').limit(1),
          ),
        ),
      )
      .select(['w.column2 as asked_date'])
      .selectAll('n')
      .execute();
    return new Map(rows.map(({ asked_date, ...nav }) => [navKey(nav.fund_code, asked_date), nav]));
  }

  /** Every NAV row of a fund, oldest first. */
  navHistory(code: string): Promise<EtfNavRow[]> {
    return this.#db.selectFrom('etf_nav').selectAll().where('fund_code', '=', code).orderBy('date').execute();
  }

  /** The last `count` exchange sessions of a fund, newest first. */
  latestPrices(code: string, count: number): Promise<EtfPriceRow[]> {
    return this.#db.selectFrom('etf_price').selectAll().where('fund_code', '=', code).orderBy('date', 'desc').limit(count).execute();
  }

  priceHistory(code: string): Promise<EtfPriceRow[]> {
    return this.#db.selectFrom('etf_price').selectAll().where('fund_code', '=', code).orderBy('date').execute();
  }

  /** The most recent holdings snapshot of each of these funds, by fund code (none when it has none), by id. */
  async latestHoldingsOf(codes: readonly string[]): Promise<Map<string, EtfHoldingRow[]>> {
    if (codes.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('etf_fund as f')
      .innerJoin('etf_holding as h', (join) =>
        join.onRef('h.fund_code', '=', 'f.code').on((eb) =>
          eb('h.fund_date', '=', eb.selectFrom('etf_holding as x').select('x.fund_date').whereRef('x.fund_code', '=', 'f.code').orderBy('x.fund_date', 'desc').limit(1)),
        ),
      )
      .selectAll('h')
      .where('f.code', 'in', codes)
      .orderBy('h.fund_code')
      .orderBy('h.id')
      .execute();
    return Map.groupBy(rows, (row) => row.fund_code);
  }

  /** The fund's most recent holdings snapshot (empty when it has none). */
  async latestHoldings(code: string): Promise<EtfHoldingRow[]> {
    return (await this.latestHoldingsOf([code])).get(code) ?? [];
  }

  /** An index's closes from the instruments' series store: the same VN-Index the indices endpoints serve. */
  async benchmarkHistory(indexCode: string): Promise<DatedValue[]> {
    const rows = await new InstrumentRepo(this.#db).closes({ instruments: [indexInstrument(indexCode)] });
    return rows.map((row) => ({ date: row.date, value: row.close }));
  }

}

/**
 * The date of fund `f`'s `count`-th newest row of `table` ('' when it has fewer): a backward
 * seek of the table's (fund_code, date) key.
 */
const nthNewestDate = (table: 'etf_nav' | 'etf_price', count: number) =>
  sql<string>`coalesce((select x.date from ${sql.table(table)} as x where x.fund_code = f.code order by x.date desc limit 1 offset ${count - 1}), '')`;

export const navKey = (code: string, date: string): string => `${code} ${date}`;
