import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { UsageMinuteRow } from '../store/tables/accounts.tables.ts';

/** Rows per statement: well under both dialects' limits on bound parameters. */
const CHUNK = 200;

export interface UsageBucketRow {
  bucket: number;
  endpoint: string;
  keyId: string;
  statusClass: string;
  requests: number;
  weight: number;
}

export class UsageRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Adds the counts to the stored ones, row by row: each process flushes only what it counted
   * since its last flush, so the sums stay exact however many processes write.
   */
  async add(rows: readonly UsageMinuteRow[]): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('usage_minute')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.columns(['minute', 'key_id', 'endpoint', 'status_class']).doUpdateSet((eb) => ({
              requests: eb('usage_minute.requests', '+', eb.ref('excluded.requests')),
              weight: eb('usage_minute.weight', '+', eb.ref('excluded.weight')),
            })),
          )
          .execute();
      }
    });
  }

  /** One account's counts from `fromMinute` on, summed per bucket of `bucketMinutes`, endpoint, key and status class. */
  async buckets(accountId: string, fromMinute: number, bucketMinutes: number): Promise<UsageBucketRow[]> {
    const bucket = sql<number>`minute / ${sql.lit(bucketMinutes)}`;
    const rows = await this.#db
      .selectFrom('usage_minute')
      .select([bucket.as('bucket'), 'endpoint', 'key_id', 'status_class'])
      .select((eb) => [eb.fn.sum<number>('requests').as('requests'), eb.fn.sum<number>('weight').as('weight')])
      .where('account_id', '=', accountId)
      .where('minute', '>=', fromMinute)
      .groupBy([bucket, 'endpoint', 'key_id', 'status_class'])
      .execute();
    // PostgreSQL sums integers as bigint, which the driver hands over as text.
    return rows.map((row) => ({
      bucket: Number(row.bucket),
      endpoint: row.endpoint,
      keyId: row.key_id,
      statusClass: row.status_class,
      requests: Number(row.requests),
      weight: Number(row.weight),
    }));
  }

  /** The last minute each of the account's keys was used in. */
  async lastUsedMinutes(accountId: string): Promise<Map<string, number>> {
    const rows = await this.#db
      .selectFrom('usage_minute')
      .select(['key_id', (eb) => eb.fn.max('minute').as('last')])
      .where('account_id', '=', accountId)
      .groupBy('key_id')
      .execute();
    return new Map(rows.map((row) => [row.key_id, Number(row.last)]));
  }

  async deleteBefore(minute: number): Promise<void> {
    await this.#db.deleteFrom('usage_minute').where('minute', '<', minute).execute();
  }
}
