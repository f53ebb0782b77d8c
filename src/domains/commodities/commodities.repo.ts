import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { commodityInstrument, InstrumentNames } from '../instruments/instruments.catalogue.ts';
import { InstrumentRepo } from '../instruments/instrument.repo.ts';
import type { Close } from './commodities.metrics.ts';

/**
 * The commodities domain's reads of the instruments' series store, by commodity slug (dates
 * are YYYY-MM-DD text). The list reads each commodity's last 50 closes and two base closes by
 * index seeks, never its whole year.
 */
export class CommoditiesRepo {
  readonly #store: InstrumentRepo;

  constructor(db: Kysely<Database>) {
    this.#store = new InstrumentRepo(db);
  }

  /** Closes of each given commodity with from ≤ date ≤ to, ascending by date. */
  async closes({ ids, from, to }: { ids: readonly string[]; from: string; to: string }): Promise<Map<string, Close[]>> {
    const result = new Map<string, Close[]>(ids.map((id) => [id, []]));
    const names = new InstrumentNames(ids, commodityInstrument);
    for (const row of await this.#store.closes({ instruments: names.instruments, from, to })) {
      result.get(names.symbolOf(row.instrument))?.push({ date: row.date, close: row.close });
    }
    return result;
  }

  /** One commodity's last `count` closes up to `to`, ascending by date (an index seek, however long the history). */
  async lastCloses({ id, to, count }: { id: string; to: string; count: number }): Promise<Close[]> {
    const rows = await this.#store.lastCloses({ instruments: [commodityInstrument(id)], count, to });
    return rows.map((row) => ({ date: row.date, close: row.close }));
  }

  /** One commodity's last close strictly before `before`, or undefined. */
  async closeBefore({ id, before }: { id: string; before: string }): Promise<number | undefined> {
    return this.#store.closeBefore({ instrument: commodityInstrument(id), before });
  }
}
