import { dayChange } from '../instruments/day-change.ts';
import { indexInstrument } from '../instruments/instruments.catalogue.ts';
import type { InstrumentRepo } from '../instruments/instrument.repo.ts';
import type { IndicesRepo, IndexBoard } from './indices.repo.ts';
import type { MarketIndexQuote } from './indices.schemas.ts';

/** Calendar days searched for the last two closes: covers the longest market holidays (Golden Week, Tết). */
const LOOKBACK_DAYS = 14;

export class IndicesService {
  #indices: IndicesRepo;
  #closes: InstrumentRepo;

  constructor(indices: IndicesRepo, closes: InstrumentRepo) {
    this.#indices = indices;
    this.#closes = closes;
  }

  /** Each index of the board with its latest close and the change from the close before it. */
  async getBoard({ board }: { board: IndexBoard }): Promise<MarketIndexQuote[]> {
    const indices = await this.#indices.indices({ board });
    const closes = await this.#closes.recentCloses({ instruments: indices.map((index) => indexInstrument(index.code)), count: 2, lookbackDays: LOOKBACK_DAYS });
    return indices.map((index) => {
      const [previous, latest] = closes.get(indexInstrument(index.code)) ?? [];
      const last = latest ?? previous;
      const { change, changePercent } = dayChange(last?.close ?? null, latest === undefined ? undefined : previous?.close);
      return {
        code: index.code,
        name: index.name,
        country: index.country,
        region: index.region,
        level: last?.close ?? null,
        change,
        changePercent,
        asOf: last?.date ?? null,
        currency: index.currency,
        source: last?.source ?? null,
      };
    });
  }
}
