import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { readSeries } from '../../store/vintage.ts';
import { InstrumentRepo } from '../instruments/instrument.repo.ts';
import type { SeriesSource } from './series-names.ts';

/** One observation as stored: a day (or an instant), its figure, and the bar's prices where the publisher gives them. */
export interface Observation {
  /** `YYYY-MM-DD`, an ISO instant (crypto), or a statistic's period (`2024-05`, `2024-Q1`). */
  at: string;
  value: number | null;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}

/** What one read asks for: inclusive date bounds on the stored day, and a knowledge cut-off (ISO) where the family keeps one. */
interface ObservationWindow {
  from?: string | undefined;
  to?: string | undefined;
  /** The end of the `asOf` day; undefined: everything known. */
  knownBy?: string | undefined;
}

/** Every stored fact's publishers and first and last period (release_fact): one grouped read. */
export interface StoredSpan {
  fact: string;
  publisher: string;
  firstPeriod: string | null;
  lastPeriod: string | null;
}

const figure = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const only = (at: string, value: unknown): Observation => ({ at, value: figure(value), open: null, high: null, low: null, close: null, volume: null });
/** A daily bar (equity_bar, etf_price): its close is the series' value. */
const barObservation = (row: { date: string; open: unknown; high: unknown; low: unknown; close: number; volume: unknown }): Observation => ({
  at: row.date,
  value: row.close,
  open: figure(row.open),
  high: figure(row.high),
  low: figure(row.low),
  close: row.close,
  volume: figure(row.volume),
});

/**
 * The series reads: each family's stored table, the one other endpoints read (instrument closes
 * and macro statistics through their own repositories and the vintage store).
 */
export class SeriesRepo {
  readonly #db: Kysely<Database>;
  readonly #instruments: InstrumentRepo;

  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#instruments = new InstrumentRepo(db);
  }

  async spans(): Promise<StoredSpan[]> {
    const rows = await this.#db
      .selectFrom('release_fact as f')
      .innerJoin('release as r', 'r.id', 'f.release_id')
      .select(['f.fact', 'r.source', (eb) => eb.fn.min('f.first_period').as('first_period'), (eb) => eb.fn.max('f.last_period').as('last_period')])
      .groupBy(['f.fact', 'r.source'])
      .execute();
    return rows.map((row) => ({ fact: row.fact, publisher: row.source, firstPeriod: row.first_period ?? null, lastPeriod: row.last_period ?? null }));
  }

  /** The observations of one series, oldest first; `cutoff` is the vintage store's for macro statistics. */
  async observations(source: SeriesSource, window: ObservationWindow, cutoff: string): Promise<Observation[]> {
    switch (source.kind) {
      case 'close': {
        const closes = await this.#instruments.closes({ instruments: [source.instrument], from: window.from, to: window.to, knownBy: window.knownBy });
        return closes.map((row) => ({ ...only(row.date, row.close), close: row.close }));
      }
      case 'macro': {
        const served = await readSeries(this.#db, { series: [source.series], cutoff });
        return (served.get(source.series) ?? []).map((row) => only(row.period, row.value));
      }
      case 'equity-bar':
        return this.#equityBars(source.code, window);
      case 'etf-price':
        return this.#etfPrices(source.code, window);
      case 'etf-nav': {
        let query = this.#db.selectFrom('etf_nav').select(['date', 'nav']).where('fund_code', '=', source.code);
        if (window.from !== undefined) query = query.where('date', '>=', window.from);
        if (window.to !== undefined) query = query.where('date', '<=', window.to);
        return (await query.orderBy('date').execute()).map((row) => only(row.date, row.nav));
      }
      case 'coin':
        return this.#coinPrices(source.coinId, window);
      case 'crypto-metric': {
        let query = this.#db.selectFrom('crypto_metric').select(['at', 'value']).where('metric', '=', source.metric);
        if (window.from !== undefined) query = query.where('at', '>=', window.from);
        if (window.to !== undefined) query = query.where('at', '<', `${window.to}\uffff`);
        return (await query.orderBy('at').execute()).map((row) => only(String(row.at), row.value));
      }
      case 'fear-greed': {
        let query = this.#db.selectFrom('crypto_fear_greed').select(['date', 'value']);
        if (window.from !== undefined) query = query.where('date', '>=', window.from);
        if (window.to !== undefined) query = query.where('date', '<=', window.to);
        return (await query.orderBy('date').execute()).map((row) => only(String(row.date), row.value));
      }
    }
  }

  /** The CoinGecko ids whose id or symbol is `key` (either case). */
  async coinIds(key: string): Promise<string[]> {
    const lower = key.toLowerCase();
    const rows = await this.#db
      .selectFrom('crypto_coin')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', lower), eb(eb.fn('lower', ['symbol']), '=', lower)]))
      .execute();
    const byId = rows.filter((row) => row.id === lower);
    return (byId.length > 0 ? byId : rows).map((row) => row.id).sort();
  }

  async #equityBars(code: string, window: ObservationWindow): Promise<Observation[]> {
    let query = this.#db.selectFrom('equity_bar').select(['date', 'open', 'high', 'low', 'close', 'volume']).where('code', '=', code);
    if (window.from !== undefined) query = query.where('date', '>=', window.from);
    if (window.to !== undefined) query = query.where('date', '<=', window.to);
    return (await query.orderBy('date').execute()).map(barObservation);
  }

  async #etfPrices(code: string, window: ObservationWindow): Promise<Observation[]> {
    let query = this.#db.selectFrom('etf_price').select(['date', 'open', 'high', 'low', 'close', 'volume']).where('fund_code', '=', code);
    if (window.from !== undefined) query = query.where('date', '>=', window.from);
    if (window.to !== undefined) query = query.where('date', '<=', window.to);
    return (await query.orderBy('date').execute()).map(barObservation);
  }

  /** A coin's price (and 24-hour volume) at each snapshot. */
  async #coinPrices(coinId: string, window: ObservationWindow): Promise<Observation[]> {
    let query = this.#db.selectFrom('crypto_market_snapshot').select(['at', 'price', 'volume_24h']).where('coin_id', '=', coinId);
    if (window.from !== undefined) query = query.where('at', '>=', window.from);
    if (window.to !== undefined) query = query.where('at', '<', `${window.to}\uffff`);
    const rows = await query.orderBy('at').execute();
    return rows.map((row) => ({ at: String(row.at), value: row.price, open: null, high: null, low: null, close: row.price, volume: figure(row.volume_24h) }));
  }
}
