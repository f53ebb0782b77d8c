import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { valuesList } from '../../store/values-list.ts';
import { indexInstrument } from '../instruments/instruments.catalogue.ts';
import { InstrumentRepo } from '../instruments/instrument.repo.ts';
import type { EtfFundRow, EtfHoldingRow, EtfNavRow, EtfPriceRow } from '../../store/tables/etf.tables.ts';

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
   * The last `count` NAV rows of each fund, by fund code, newest first: for each fund, one seek
   * of the (fund_code, date) key from its `count`-th newest date.
   */
  latestNavsOf(codes: readonly string[], count: number): Promise<Map<string, EtfNavRow[]>> {
    return this.#latestRowsOf<EtfNavRow>('etf_nav', codes, count);
  }

  /** The last `count` exchange sessions of each fund, by fund code, newest first (read as `latestNavsOf`). */
  latestPricesOf(codes: readonly string[], count: number): Promise<Map<string, EtfPriceRow[]>> {
    return this.#latestRowsOf<EtfPriceRow>('etf_price', codes, count);
  }

  async #latestRowsOf<Row extends { fund_code: string }>(table: 'etf_nav' | 'etf_price', codes: readonly string[], count: number): Promise<Map<string, Row[]>> {
    if (codes.length === 0) return new Map();
    const { rows } = await sql<Row>`
      select r.* from ${fundList(codes)} join ${sql.table(table)} as r
        on r.fund_code = f.column1
       and r.date >= coalesce((select x.date from ${sql.table(table)} as x where x.fund_code = f.column1 order by x.date desc limit 1 offset ${count - 1}), '')
      order by r.fund_code, r.date desc`.execute(this.#db);
    return Map.groupBy(rows, (row) => row.fund_code);
  }

  /**
   * For each asked (fund, date), the last NAV published on or before that date, keyed by
   * `navKey(code, date)`; none when the fund had published none by then. Each asked pair is one
   * backward seek of the (fund_code, date) key.
   */
  async navsOnOrBefore(asked: readonly FundDate[]): Promise<Map<string, EtfNavRow>> {
    if (asked.length === 0) return new Map();
    const pairs = valuesList<{ column1: string; column2: string }>(asked.map(({ code, date }) => [code, date]));
    const rows = await this.#db
      .selectFrom(pairs.as('w'))
      .innerJoin('etf_nav as n', (join) =>
        join
          .onRef('n.fund_code', '=', 'w.column1')
          .on((eb) =>
            eb(
              'n.date',
              '=',
              eb
                .selectFrom('etf_nav as x')
                .select('x.date')
                .whereRef('x.fund_code', '=', 'w.column1')
                .whereRef('x.date', '<=', 'w.column2')
                .orderBy('x.date', 'desc')
                .limit(1),
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

  /**
   * The most recent holdings snapshot of each of these funds, by fund code (none when it has
   * none), by id. Where the publisher named a holding's sector or asset class, that is kept; else
   * a Tokyo-listed holding whose common share is in the issue list (J-Quants, `equity_issue`:
   * only shares of the Prime, Standard and Growth markets) takes that 33-sector and the
   * class `stock`. Every endpoint reads holdings here, so the join is made once.
   */
  async latestHoldingsOf(codes: readonly string[]): Promise<Map<string, EtfHoldingRow[]>> {
    if (codes.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom(fundList(codes))
      .innerJoin('etf_holding as h', (join) =>
        join
          .onRef('h.fund_code', '=', 'f.column1')
          .on((eb) =>
            eb(
              'h.fund_date',
              '=',
              eb.selectFrom('etf_holding as x').select('x.fund_date').whereRef('x.fund_code', '=', 'f.column1').orderBy('x.fund_date', 'desc').limit(1),
            ),
          ),
      )
      // A 4-character ticker names the common share, whose code ends in 0 (issue-code.ts).
      .leftJoin('equity_issue as i', (join) =>
        join
          .on(
            sql<boolean>`${sql.ref('i.code')} = case when length(${sql.ref('h.symbol')}) = 4 then ${sql.ref('h.symbol')} || '0' else ${sql.ref('h.symbol')} end`,
          )
          .on('h.exchange', '=', TOKYO_EXCHANGE),
      )
      .select([
        'h.id',
        'h.fund_code',
        'h.fund_date',
        'h.symbol',
        'h.name',
        'h.isin',
        'h.exchange',
        'h.currency',
        (eb) => eb.fn.coalesce('h.sector', 'i.sector33_name').as('sector'),
        (eb) => eb.fn.coalesce('h.asset_class', eb.case().when('i.code', 'is not', null).then(sql.lit('stock')).end()).as('asset_class'),
        'h.shares',
        'h.price',
        'h.eps',
        'h.bps',
        'h.sps',
        'h.cfps',
        'h.source',
      ])
      .orderBy('h.fund_code')
      .orderBy('h.id')
      .execute();
    return Map.groupBy(rows as EtfHoldingRow[], (row) => row.fund_code);
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
 * The asked funds as an inline table `f` (column1 the code): joined to a fund's rows, it leads
 * both stores' planners to seek each fund's rows by its key, with or without statistics.
 */
const fundList = (codes: readonly string[]) => valuesList<{ column1: string }>([...new Set(codes)].map((code) => [code])).as('f');

/** The exchange a portfolio composition file names for a Tokyo listing. */
const TOKYO_EXCHANGE = 'TSE';

export const navKey = (code: string, date: string): string => `${code} ${date}`;
