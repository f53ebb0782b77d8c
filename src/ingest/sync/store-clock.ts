import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../store/schema.ts';

/**
 * The store's clock, read in SQL, `plusMs` on: what leases are judged by, so processes whose
 * clocks disagree still agree on whether a lease is live. On PostgreSQL it is the server's
 * (`statement_timestamp()`, fresh for each statement, even inside a transaction); on SQLite the
 * database's `'now'`, which is the clock of the one machine every process of the store runs on.
 * Written as `toISOString` writes, so it compares as text with the times stored beside it.
 */
export function storeTime(db: Kysely<Database>, plusMs = 0): RawBuilder<string> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return sql<string>`to_char((statement_timestamp() + make_interval(secs => ${plusMs / 1000})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`+${plusMs / 1000} seconds`})`;
}
