import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { commodityInstrument, InstrumentNames } from '../instruments/instruments.catalogue.ts';
import { closeKey, InstrumentRepo, type InstrumentClose } from '../instruments/instrument.repo.ts';
import type { Close } from './commodities.metrics.ts';

/**
 * The commodities domain's reads of the instruments' series store, by commodity slug (dates
 * are YYYY-MM-DD text). The list reads every commodity's last 50 closes in one query and their
 * two base closes in another, by index seeks, never their whole year.
 */
export class CommoditiesRepo {
  readonly #store: InstrumentRepo;

  constructor(db: Kysely<Database>) {
    this.#store = new InstrumentRepo(db);
  }

  /** Closes of each given commodity with from ≤ date ≤ to, ascending by date. */
  closes({ ids, from, to }: { ids: readonly string[]; from: string; to: string }): Promise<Map<string, Close[]>> {
    return byCommodity(ids, (instruments) => this.#store.closes({ instruments, from, to }));
  }

  /** Each given commodity's last `count` closes up to `to`, ascending by date (one query; index seeks, however long the history). */
  lastCloses({ ids, to, count }: { ids: readonly string[]; to: string; count: number }): Promise<Map<string, Close[]>> {
    return byCommodity(ids, (instruments) => this.#store.lastCloses({ instruments, count, to }));
  }

  /** Each asked commodity's last close strictly before its date (one query), read back by `closeBefore(id, before)`. */
  async closesBefore(asked: readonly { id: string; before: string; since: string }[]): Promise<(id: string, before: string) => number | undefined> {
    const closes = await this.#store.closesBefore(asked.map(({ id, before, since }) => ({ instrument: commodityInstrument(id), before, since })));
    return (id, before) => closes.get(closeKey(commodityInstrument(id), before));
  }
}

/** The closes `read` returns for the commodities' instruments, by commodity (each asked one has a list, maybe empty). */
async function byCommodity(ids: readonly string[], read: (instruments: string[]) => Promise<InstrumentClose[]>): Promise<Map<string, Close[]>> {
  const result = new Map<string, Close[]>(ids.map((id) => [id, []]));
  const names = new InstrumentNames(ids, commodityInstrument);
  for (const row of await read(names.instruments)) result.get(names.symbolOf(row.instrument))?.push({ date: row.date, close: row.close });
  return result;
}
