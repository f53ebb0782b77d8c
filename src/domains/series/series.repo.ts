import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { readSeries, type ServedFigure } from '../../store/vintage.ts';
import { valuesList } from '../../store/values-list.ts';
import { InstrumentRepo } from '../instruments/instrument.repo.ts';
import type { InstrumentFamily, SeriesSource } from './series-names.ts';

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
  /** A macro statistic's served version: when the hub learned it and whether it replaced another. */
  vintage?: ServedFigure;
}

/** What one read asks for: inclusive date bounds on the stored day, and a knowledge cut-off (ISO) where the family keeps one. */
interface ObservationWindow {
  from?: string | undefined;
  to?: string | undefined;
  /** The end of the `asOf` day; undefined: everything known. */
  knownBy?: string | undefined;
}

/** An instrument of a table-grain family (a coin, an issue, a fund) with the first and last day the store holds a figure of it. */
export interface StoredInstrument {
  family: InstrumentFamily;
  /** The table's key: a coin's CoinGecko id, an issue's 5-character code, a fund's code. */
  key: string;
  /** A coin's symbol, to name it by. */
  symbol?: string;
  /** Its publisher's name of it (J-Quants' issue name, CoinGecko's coin name, the manager's fund name). */
  name?: string;
  /** Its Japanese name, where the publisher gives one beside the English. */
  localName?: string;
  /** A fund's currency. */
  currency?: string;
  /** Null when the store holds no figure of it. */
  firstDate: string | null;
  lastDate: string | null;
}

/** Every stored fact's publishers and first and last period (release_fact): one grouped read. */
export interface StoredSpan {
  fact: string;
  publisher: string;
  dataset: string;
  firstPeriod: string | null;
  lastPeriod: string | null;
  /** When the hub last loaded a release of it from this publisher's dataset. */
  lastLoaded: string;
}

/** A series as its publisher described it in the newest release that did (release_fact's description columns). */
export interface StoredDescription {
  fact: string;
  name: string;
  unit: string;
  seasonalAdjustment: string | null;
  notes: string | null;
  /** When the publisher last updated the series (ISO), as it says. */
  updatedAt: string | null;
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
      .select([
        'f.fact',
        'r.source',
        'r.dataset',
        (eb) => eb.fn.min('f.first_period').as('first_period'),
        (eb) => eb.fn.max('f.last_period').as('last_period'),
        (eb) => eb.fn.max('r.loaded_at').as('last_loaded'),
      ])
      .groupBy(['f.fact', 'r.source', 'r.dataset'])
      .execute();
    return rows.map((row) => ({
      fact: row.fact,
      publisher: row.source,
      dataset: row.dataset,
      firstPeriod: row.first_period ?? null,
      lastPeriod: row.last_period ?? null,
      lastLoaded: new Date(String(row.last_loaded)).toISOString(),
    }));
  }

  /** Each fact's description from the newest release that carried one (a publisher's title and units). */
  async descriptions(): Promise<Map<string, StoredDescription>> {
    const rows = await this.#db
      .selectFrom('release_fact as f')
      .innerJoin('release as r', 'r.id', 'f.release_id')
      .select(['f.fact', 'f.name', 'f.unit', 'f.seasonal_adjustment', 'f.notes', 'f.publisher_updated_at', 'r.knowledge_at'])
      .where('f.name', 'is not', null)
      .where('f.unit', 'is not', null)
      .orderBy('r.knowledge_at')
      .orderBy('r.id')
      .execute();
    const newest = new Map<string, StoredDescription>();
    for (const row of rows) {
      newest.set(row.fact, {
        fact: row.fact,
        name: row.name ?? '',
        unit: row.unit ?? '',
        seasonalAdjustment: row.seasonal_adjustment,
        notes: row.notes,
        updatedAt: row.publisher_updated_at,
      });
    }
    return newest;
  }

  /** The indices' names and currencies as their reference table holds them. */
  async indexNames(): Promise<Map<string, { name: string; currency: string }>> {
    const rows = await this.#db.selectFrom('market_index').select(['code', 'name', 'currency']).execute();
    return new Map(rows.map((row) => [row.code, { name: row.name, currency: row.currency }]));
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
        return (served.get(source.series) ?? []).map((figure) => ({ ...only(figure.period, figure.value), vintage: figure }));
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

  /**
   * Every coin, issue and fund of the reference tables with its first and last figure's day, each
   * found by a seek of its key's index: no scan of the figures however long their history. Figures
   * of an instrument the reference table does not list are not found (the publishers of figures
   * send the list too).
   */
  async instruments(): Promise<StoredInstrument[]> {
    const [coins, issues, navs, prices] = await Promise.all([
      this.#db
        .selectFrom('crypto_coin as c')
        .select((eb) => [
          'c.id as key',
          'c.symbol',
          'c.name',
          eb
            .selectFrom('crypto_market_snapshot as s')
            .select((inner) => inner.fn.min('s.at').as('at'))
            .whereRef('s.coin_id', '=', 'c.id')
            .as('first'),
          eb
            .selectFrom('crypto_market_snapshot as s')
            .select((inner) => inner.fn.max('s.at').as('at'))
            .whereRef('s.coin_id', '=', 'c.id')
            .as('last'),
        ])
        .execute(),
      this.#db
        .selectFrom('equity_issue as i')
        .select((eb) => [
          'i.code as key',
          'i.name',
          'i.name_local as localName',
          eb
            .selectFrom('equity_bar as b')
            .select((inner) => inner.fn.min('b.date').as('date'))
            .whereRef('b.code', '=', 'i.code')
            .as('first'),
          eb
            .selectFrom('equity_bar as b')
            .select((inner) => inner.fn.max('b.date').as('date'))
            .whereRef('b.code', '=', 'i.code')
            .as('last'),
        ])
        .execute(),
      this.#db
        .selectFrom('etf_fund as f')
        .select((eb) => [
          'f.code as key',
          'f.name',
          'f.name_jp as localName',
          'f.currency',
          eb
            .selectFrom('etf_nav as n')
            .select((inner) => inner.fn.min('n.date').as('date'))
            .whereRef('n.fund_code', '=', 'f.code')
            .as('first'),
          eb
            .selectFrom('etf_nav as n')
            .select((inner) => inner.fn.max('n.date').as('date'))
            .whereRef('n.fund_code', '=', 'f.code')
            .as('last'),
        ])
        .execute(),
      this.#db
        .selectFrom('etf_fund as f')
        .select((eb) => [
          'f.code as key',
          'f.name',
          'f.name_jp as localName',
          'f.currency',
          eb
            .selectFrom('etf_price as p')
            .select((inner) => inner.fn.min('p.date').as('date'))
            .whereRef('p.fund_code', '=', 'f.code')
            .as('first'),
          eb
            .selectFrom('etf_price as p')
            .select((inner) => inner.fn.max('p.date').as('date'))
            .whereRef('p.fund_code', '=', 'f.code')
            .as('last'),
        ])
        .execute(),
    ]);
    const day = (value: unknown): string | null => (value === null || value === undefined ? null : String(value).slice(0, 10));
    interface Row {
      key: string;
      name: string;
      symbol?: string;
      localName?: string | null;
      currency?: string;
      first: unknown;
      last: unknown;
    }
    const held = (family: InstrumentFamily, rows: readonly Row[]): StoredInstrument[] =>
      rows.map(({ key, name, symbol, localName, currency, first, last }) => ({
        family,
        key,
        name,
        ...(symbol === undefined ? {} : { symbol }),
        ...(localName === undefined || localName === null ? {} : { localName }),
        ...(currency === undefined ? {} : { currency }),
        firstDate: day(first),
        lastDate: day(last),
      }));
    return [...held('crypto.snapshot', coins), ...held('equity.bar', issues), ...held('etf.nav', navs), ...held('etf.price', prices)];
  }

  /** The days of each instrument's last `count` closes, oldest first: what its recent frequency is read from. */
  async lastCloseDays(instruments: readonly string[], count: number): Promise<Map<string, string[]>> {
    return daysByKey(await this.#instruments.lastCloses({ instruments, count }), (row) => row.instrument);
  }

  /** The days of each fund's last `count` NAVs or prices, oldest first: a backward seek of the key per fund, as lastCloses reads. */
  async lastFundDays(table: 'etf_nav' | 'etf_price', funds: readonly string[], count: number): Promise<Map<string, string[]>> {
    if (funds.length === 0) return new Map();
    const asked = valuesList<{ column1: string }>([...new Set(funds)].map((fund) => [fund]));
    // Both tables are keyed by (fund_code, date): the same read serves either.
    const days = () => sql<{ fund_code: string; date: string }>`${sql.table(table)}`;
    const rows = await this.#db
      .selectFrom(asked.as('w'))
      .innerJoin(days().as('f'), (join) =>
        join.onRef('f.fund_code', '=', 'w.column1').on((eb) =>
          eb(
            'f.date',
            '>=',
            eb.fn.coalesce(
              eb
                .selectFrom(days().as('x'))
                .select('x.date')
                .whereRef('x.fund_code', '=', 'w.column1')
                .orderBy('x.date', 'desc')
                .limit(1)
                .offset(count - 1),
              sql.lit(''),
            ),
          ),
        ),
      )
      .select(['f.fund_code', 'f.date'])
      .orderBy('f.fund_code')
      .orderBy('f.date')
      .execute();
    return daysByKey(rows, (row) => row.fund_code);
  }

  /** Whether the store holds any figure of the series, whatever its date, or names its issue or coin: a series it does not is unknown. */
  async holds(source: SeriesSource): Promise<boolean> {
    const any = async (query: { executeTakeFirst(): Promise<unknown> }) => (await query.executeTakeFirst()) !== undefined;
    switch (source.kind) {
      case 'close':
        return any(this.#db.selectFrom('instrument_close').select('date').where('instrument', '=', source.instrument).limit(1));
      case 'macro':
        return any(this.#db.selectFrom('macro_observation').select('period').where('series', '=', source.series).limit(1));
      case 'equity-bar':
        // A listed issue is a series before its first bar.
        return (
          (await any(this.#db.selectFrom('equity_issue').select('code').where('code', '=', source.code).limit(1))) ||
          any(this.#db.selectFrom('equity_bar').select('date').where('code', '=', source.code).limit(1))
        );
      case 'etf-price':
        return any(this.#db.selectFrom('etf_price').select('date').where('fund_code', '=', source.code).limit(1));
      case 'etf-nav':
        return any(this.#db.selectFrom('etf_nav').select('date').where('fund_code', '=', source.code).limit(1));
      case 'coin':
        return any(this.#db.selectFrom('crypto_coin').select('id').where('id', '=', source.coinId).limit(1));
      case 'crypto-metric':
        return any(this.#db.selectFrom('crypto_metric').select('at').where('metric', '=', source.metric).limit(1));
      case 'fear-greed':
        return any(this.#db.selectFrom('crypto_fear_greed').select('date').limit(1));
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

  /**
   * The days (UTC) the hub learned a version of a series' figures, ascending, distinct: a macro
   * statistic's versions, or a close's, the closes a release replaced included. One read per
   * store; `knowledge_at` is an ISO instant (text) in both dialects, its first 10 characters its day.
   */
  async vintageDays(source: Extract<SeriesSource, { kind: 'macro' | 'close' }>): Promise<string[]> {
    const day = sql<string>`substr(knowledge_at, 1, 10)`.as('day');
    const rows =
      source.kind === 'macro'
        ? await this.#db.selectFrom('macro_observation').select(day).distinct().where('series', '=', source.series).orderBy('day').execute()
        : await this.#db
            .selectFrom('instrument_close')
            .select(day)
            .where('instrument', '=', source.instrument)
            .union(this.#db.selectFrom('instrument_close_superseded').select(day).where('instrument', '=', source.instrument))
            .orderBy('day')
            .execute();
    return rows.map((row) => row.day);
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

/** Rows' days grouped by their key, in the rows' order. */
function daysByKey<Row extends { date: string }>(rows: readonly Row[], keyOf: (row: Row) => string): Map<string, string[]> {
  const days = new Map<string, string[]>();
  for (const row of rows) {
    const held = days.get(keyOf(row));
    if (held === undefined) days.set(keyOf(row), [row.date]);
    else held.push(row.date);
  }
  return days;
}
