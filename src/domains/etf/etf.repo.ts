import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { indexInstrument } from '../instruments/instruments.catalogue.ts';
import { InstrumentRepo } from '../instruments/instrument.repo.ts';
import type { EtfFundRow, EtfHoldingRow, EtfNavRow, EtfPriceRow } from './etf.tables.ts';

export interface DatedValue {
  date: string;
  value: number;
}

/** The etf domain's reads. Every per-fund read walks a (fund_code, date) key or index. */
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

  /** The last `count` NAV rows of a fund, newest first. */
  latestNavs(code: string, count: number): Promise<EtfNavRow[]> {
    return this.#db.selectFrom('etf_nav').selectAll().where('fund_code', '=', code).orderBy('date', 'desc').limit(count).execute();
  }

  /** The last NAV published on or before `date`. */
  navOnOrBefore(code: string, date: string): Promise<EtfNavRow | undefined> {
    return this.#db
      .selectFrom('etf_nav')
      .selectAll()
      .where('fund_code', '=', code)
      .where('date', '<=', date)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
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

  /** The fund's most recent holdings snapshot (empty when it has none). */
  async latestHoldings(code: string): Promise<EtfHoldingRow[]> {
    const latest = await this.#db
      .selectFrom('etf_holding')
      .select('fund_date')
      .where('fund_code', '=', code)
      .orderBy('fund_date', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest === undefined) return [];
    return this.#db
      .selectFrom('etf_holding')
      .selectAll()
      .where('fund_code', '=', code)
      .where('fund_date', '=', latest.fund_date)
      .orderBy('id')
      .execute();
  }

  /** An index's closes from the instruments' series store: the same VN-Index the indices endpoints serve. */
  async benchmarkHistory(indexCode: string): Promise<DatedValue[]> {
    const rows = await new InstrumentRepo(this.#db).closes({ instruments: [indexInstrument(indexCode)] });
    return rows.map((row) => ({ date: row.date, value: row.close }));
  }

}
