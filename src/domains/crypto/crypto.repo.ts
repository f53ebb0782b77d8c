import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { CryptoMetricName } from './crypto.metrics.ts';

export interface CoinSnapshot {
  coinId: string;
  symbol: string;
  name: string;
  price: number;
  marketCap: number;
  volume24h: number | null;
}

export interface CoinMarket {
  price: number;
  marketCap: number;
  volume24h: number | null;
}

export interface MetricPoint {
  at: string;
  value: number;
}

/** The crypto domain's queries. Times are ISO 8601 UTC strings, compared as text. */
export class CryptoRepo {
  #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Time of the latest snapshot in [from, to], or null. */
  async latestSnapshotTime({ notAfter, notBefore }: { notAfter: string; notBefore?: string }): Promise<string | null> {
    let query = this.#db
      .selectFrom('crypto_market_snapshot')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('at', '<=', notAfter);
    if (notBefore !== undefined) query = query.where('at', '>=', notBefore);
    const row = await query.executeTakeFirst();
    return row?.at ?? null;
  }

  /** Every coin of the snapshot at `at`, largest market cap first (ties: coin id, descending, as the index runs). */
  async snapshot({ at, limit }: { at: string; limit?: number }): Promise<CoinSnapshot[]> {
    let query = this.#db
      .selectFrom('crypto_market_snapshot as s')
      .innerJoin('crypto_coin as c', 'c.id', 's.coin_id')
      .select(['s.coin_id', 'c.symbol', 'c.name', 's.price', 's.market_cap', 's.volume_24h'])
      .where('s.at', '=', at)
      .orderBy('s.market_cap', 'desc')
      .orderBy('s.coin_id', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    return rows.map((r) => ({
      coinId: r.coin_id,
      symbol: r.symbol,
      name: r.name,
      price: r.price,
      marketCap: r.market_cap,
      volume24h: r.volume_24h,
    }));
  }

  /** Price, market cap and volume of every coin at `at`, by coin id (no join, no order: the cheap read). */
  async marketAt({ at }: { at: string }): Promise<Map<string, CoinMarket>> {
    const rows = await this.#db.selectFrom('crypto_market_snapshot').select(['coin_id', 'price', 'market_cap', 'volume_24h']).where('at', '=', at).execute();
    return new Map(rows.map((r) => [r.coin_id, { price: r.price, marketCap: r.market_cap, volume24h: r.volume_24h }]));
  }

  /** Time of each coin's first stored snapshot. */
  async firstSeen({ coinIds }: { coinIds: readonly string[] }): Promise<Map<string, string>> {
    if (coinIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('crypto_market_snapshot')
      .select((eb) => ['coin_id', eb.fn.min('at').as('first_at')])
      .where('coin_id', 'in', coinIds)
      .groupBy('coin_id')
      .execute();
    return new Map(rows.map((r) => [r.coin_id, r.first_at]));
  }

  async latestFearGreed({ notAfter }: { notAfter: string }): Promise<{ date: string; value: number } | null> {
    const row = await this.#db
      .selectFrom('crypto_fear_greed')
      .select(['date', 'value'])
      .where('date', '<=', notAfter)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? null : { date: row.date, value: Number(row.value) };
  }

  /** The latest point at or before `notAfter` of each named metric that has one. */
  async latestMetrics({ metrics, notAfter }: { metrics: readonly CryptoMetricName[]; notAfter: string }): Promise<Map<CryptoMetricName, MetricPoint>> {
    const rows = await this.#db
      .selectFrom('crypto_metric as m')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('crypto_metric')
            .select((inner) => ['metric', inner.fn.max('at').as('latest_at')])
            .where('metric', 'in', metrics)
            .where('at', '<=', notAfter)
            .groupBy('metric')
            .as('l'),
        (join) => join.onRef('l.metric', '=', 'm.metric').onRef('l.latest_at', '=', 'm.at'),
      )
      .select(['m.metric', 'm.at', 'm.value'])
      .execute();
    return new Map(rows.map((r) => [r.metric as CryptoMetricName, { at: r.at, value: r.value }]));
  }

  /** Sum and count of a metric's points with `after` < at ≤ `notAfter`. */
  async metricSum({ metric, after, notAfter }: { metric: CryptoMetricName; after: string; notAfter: string }): Promise<{ sum: number; count: number }> {
    const row = await this.#db
      .selectFrom('crypto_metric')
      .select((eb) => [eb.fn.sum<number | string>('value').as('total'), eb.fn.countAll<number | string>().as('n')])
      .where('metric', '=', metric)
      .where('at', '>', after)
      .where('at', '<=', notAfter)
      .executeTakeFirst();
    return { sum: Number(row?.total ?? 0), count: Number(row?.n ?? 0) };
  }
}
