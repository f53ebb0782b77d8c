import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { MarketIndexRow } from './indices.tables.ts';

export type IndexBoard = 'japan' | 'global';

export interface IndexClose {
  code: string;
  date: string;
  close: number;
  source: string;
}

export class IndicesRepo {
  #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async indices({ board }: { board: IndexBoard }): Promise<MarketIndexRow[]> {
    return this.#db.selectFrom('market_index').selectAll().where('board', '=', board).orderBy('position').execute();
  }

  /** First and last close date of each index that has any. */
  async spans({ codes }: { codes: readonly string[] }): Promise<{ code: string; firstDate: string; lastDate: string }[]> {
    if (codes.length === 0) return [];
    const rows = await this.#db
      .selectFrom('market_index_close')
      .select((eb) => ['code', eb.fn.min('date').as('firstDate'), eb.fn.max('date').as('lastDate')])
      .where('code', 'in', codes)
      .groupBy('code')
      .execute();
    return rows.map((row) => ({ code: row.code, firstDate: String(row.firstDate), lastDate: String(row.lastDate) }));
  }

  /** Closes on or after `from`, newest first within each code. */
  async closesSince({ codes, from }: { codes: readonly string[]; from: string }): Promise<IndexClose[]> {
    if (codes.length === 0) return [];
    return this.#db
      .selectFrom('market_index_close')
      .select(['code', 'date', 'close', 'source'])
      .where('code', 'in', codes)
      .where('date', '>=', from)
      .orderBy('code')
      .orderBy('date', 'desc')
      .execute();
  }

  /** The last `count` closes of each index, newest first within each code (scans each whole history). */
  async lastCloses({ codes, count }: { codes: readonly string[]; count: number }): Promise<IndexClose[]> {
    if (codes.length === 0) return [];
    return this.#db
      .selectFrom((eb) =>
        eb
          .selectFrom('market_index_close')
          .select((inner) => [
            'code',
            'date',
            'close',
            'source',
            inner.fn
              .agg<number>('row_number')
              .over((over) => over.partitionBy('code').orderBy('date', 'desc'))
              .as('recency'),
          ])
          .where('code', 'in', codes)
          .as('ranked'),
      )
      .select(['code', 'date', 'close', 'source'])
      .where('recency', '<=', count)
      .orderBy('code')
      .orderBy('date', 'desc')
      .execute();
  }
}
