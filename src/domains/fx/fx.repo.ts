import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { BROAD_DOLLAR_INDEX, fxInstrument, fxSymbolOf, GOLD, DOLLAR_INDEX, InstrumentNames } from '../instruments/instruments.catalogue.ts';
import { InstrumentRepo, type InstrumentClose } from '../instruments/instrument.repo.ts';

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

/** The fx domain's reads of the instruments' series store, by FX symbol (`USD/JPY`, `DXY`, `XAU/USD`). */
export class FxRepo {
  readonly #store: InstrumentRepo;

  constructor(db: Kysely<Database>) {
    this.#store = new InstrumentRepo(db);
  }

  /** Every symbol the store can serve: its currency pairs, the dollar indexes and gold. */
  async knownPairs(): Promise<string[]> {
    const [pairs, others] = await Promise.all([
      this.#store.known({ prefix: 'fx:' }),
      this.#store.spans({ instruments: [DOLLAR_INDEX, BROAD_DOLLAR_INDEX, GOLD] }),
    ]);
    return [...pairs, ...others.map((span) => span.instrument)].flatMap((id) => fxSymbolOf(id) ?? []).sort();
  }

  /** First and last stored date of each pair that has any. */
  async spans({ pairs }: { pairs: readonly string[] }): Promise<FxPairSpan[]> {
    const names = new InstrumentNames(pairs, fxInstrument);
    const spans = await this.#store.spans({ instruments: names.instruments });
    return spans.map((span) => ({ pair: names.symbolOf(span.instrument), firstDate: span.firstDate, lastDate: span.lastDate }));
  }

  /** Closes on or after `from`, by pair then date. */
  async closesSince({ pairs, from }: { pairs: readonly string[]; from: string }): Promise<FxClose[]> {
    const names = new InstrumentNames(pairs, fxInstrument);
    return (await this.#store.closes({ instruments: names.instruments, from })).map((close) => toFxClose(names, close));
  }

  /** The last `count` closes of each pair in date order (see InstrumentRepo.recentCloses). */
  async recentCloses({ spans, count, lookbackDays }: { spans: readonly FxPairSpan[]; count: number; lookbackDays: number }): Promise<Map<string, FxClose[]>> {
    const names = new InstrumentNames(
      spans.map((span) => span.pair),
      fxInstrument,
    );
    const groups = await this.#store.recentCloses({
      instruments: names.instruments,
      spans: spans.map((span) => ({ instrument: fxInstrument(span.pair), firstDate: span.firstDate, lastDate: span.lastDate })),
      count,
      lookbackDays,
    });
    return new Map([...groups].map(([instrument, closes]) => [names.symbolOf(instrument), closes.map((close) => toFxClose(names, close))]));
  }

  /** Highest and lowest close of each pair on or after its own `from`. */
  async ranges({ windows }: { windows: readonly { pair: string; from: string }[] }): Promise<{ pair: string; high: number; low: number }[]> {
    const names = new InstrumentNames(
      windows.map((w) => w.pair),
      fxInstrument,
    );
    const ranges = await this.#store.ranges({ windows: windows.map((w) => ({ instrument: fxInstrument(w.pair), from: w.from })) });
    return ranges.map((range) => ({ pair: names.symbolOf(range.instrument), high: range.high, low: range.low }));
  }
}

const toFxClose = (names: InstrumentNames, close: InstrumentClose): FxClose => ({
  pair: names.symbolOf(close.instrument),
  date: close.date,
  close: close.close,
  source: close.source,
});
