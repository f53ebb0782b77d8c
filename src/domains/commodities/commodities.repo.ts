import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Close } from './commodities.metrics.ts';

/**
 * The commodities domain's queries (dates are YYYY-MM-DD text). The list reads each
 * commodity's last 50 closes and two base closes by index seeks, never its whole year.
 */
export class CommoditiesRepo {
  #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Closes of each given commodity with from ≤ date ≤ to, ascending by date. */
  async closes({ ids, from, to }: { ids: readonly string[]; from: string; to: string }): Promise<Map<string, Close[]>> {
    const result = new Map<string, Close[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return result;
    const rows = await this.#db
      .selectFrom('commodity_price')
      .select(['commodity_id', 'date', 'close'])
      .where('commodity_id', 'in', ids)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .orderBy('commodity_id')
      .orderBy('date')
      .execute();
    for (const row of rows) result.get(row.commodity_id)?.push({ date: row.date, close: row.close });
    return result;
  }

  /** One commodity's last `count` closes up to `to`, ascending by date (an index seek, however long the history). */
  async lastCloses({ id, to, count }: { id: string; to: string; count: number }): Promise<Close[]> {
    const rows = await this.#db
      .selectFrom('commodity_price')
      .select(['date', 'close'])
      .where('commodity_id', '=', id)
      .where('date', '<=', to)
      .orderBy('date', 'desc')
      .limit(count)
      .execute();
    return rows.reverse().map((r) => ({ date: r.date, close: r.close }));
  }

  /** One commodity's last close strictly before `before`, or undefined. */
  async closeBefore({ id, before }: { id: string; before: string }): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom('commodity_price')
      .select('close')
      .where('commodity_id', '=', id)
      .where('date', '<', before)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.close;
  }
}
