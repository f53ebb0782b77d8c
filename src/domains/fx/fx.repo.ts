import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';

export interface FxClose {
  pair: string;
  date: string;
  close: number;
  source: string;
}

export interface FxPairSpan {
  pair: string;
  firstDate: string;
  lastDate: string;
}

/** The fx domain's queries; every one is served by the (pair, date) primary key. */
export class FxRepo {
  #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async knownPairs(): Promise<string[]> {
    const rows = await this.#db.selectFrom('fx_rate').select('pair').distinct().orderBy('pair').execute();
    return rows.map((row) => row.pair);
  }

  /** First and last stored date of each pair that has any. */
  async spans({ pairs }: { pairs: readonly string[] }): Promise<FxPairSpan[]> {
    if (pairs.length === 0) return [];
    const rows = await this.#db
      .selectFrom('fx_rate')
      .select((eb) => ['pair', eb.fn.min('date').as('firstDate'), eb.fn.max('date').as('lastDate')])
      .where('pair', 'in', pairs)
      .groupBy('pair')
      .execute();
    return rows.map((row) => ({ pair: row.pair, firstDate: String(row.firstDate), lastDate: String(row.lastDate) }));
  }

  /** Closes on or after `from`, by pair then date. */
  async closesSince({ pairs, from }: { pairs: readonly string[]; from: string }): Promise<FxClose[]> {
    if (pairs.length === 0) return [];
    return this.#db
      .selectFrom('fx_rate')
      .select(['pair', 'date', 'close', 'source'])
      .where('pair', 'in', pairs)
      .where('date', '>=', from)
      .orderBy('pair')
      .orderBy('date')
      .execute();
  }

  /** Highest and lowest close of each pair on or after its own `from`. */
  async ranges({ windows }: { windows: readonly { pair: string; from: string }[] }): Promise<{ pair: string; high: number; low: number }[]> {
    if (windows.length === 0) return [];
    const rows = await this.#db
      .selectFrom('fx_rate')
      .select((eb) => ['pair', eb.fn.max('close').as('high'), eb.fn.min('close').as('low')])
      .where((eb) => eb.or(windows.map((w) => eb.and([eb('pair', '=', w.pair), eb('date', '>=', w.from)]))))
      .groupBy('pair')
      .execute();
    return rows.map((row) => ({ pair: row.pair, high: Number(row.high), low: Number(row.low) }));
  }

  /** The last `count` closes of each pair, by pair then date (scans each pair's whole history). */
  async lastCloses({ pairs, count }: { pairs: readonly string[]; count: number }): Promise<FxClose[]> {
    if (pairs.length === 0) return [];
    return this.#db
      .selectFrom((eb) =>
        eb
          .selectFrom('fx_rate')
          .select((inner) => [
            'pair',
            'date',
            'close',
            'source',
            inner.fn
              .agg<number>('row_number')
              .over((over) => over.partitionBy('pair').orderBy('date', 'desc'))
              .as('recency'),
          ])
          .where('pair', 'in', pairs)
          .as('ranked'),
      )
      .select(['pair', 'date', 'close', 'source'])
      .where('recency', '<=', count)
      .orderBy('pair')
      .orderBy('date')
      .execute();
  }
}

/** Closes grouped by pair, each list in date order (the repo returns them sorted). */
export function byPair(rows: readonly FxClose[]): Map<string, FxClose[]> {
  const groups = new Map<string, FxClose[]>();
  for (const row of rows) {
    const group = groups.get(row.pair);
    if (group === undefined) groups.set(row.pair, [row]);
    else group.push(row);
  }
  return groups;
}
