import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from '../../src/store/migrations/index.ts';
import { NodeSqliteDatabase, NodeSqliteDialect } from '../../src/store/sqlite-adapter.ts';
import { openStore, SQLITE_FILE_NAME, type Store } from '../../src/store/db.ts';
import type { Database } from '../../src/store/schema.ts';
import { scaledOutEnv } from './stores.ts';

export interface EarlierStore {
  /** The store as the migrations before `firstMissing` left it, to fill as an earlier release of the hub did. */
  db: Kysely<Database>;
  /** Closes `db` and opens the store as the hub does, every migration applied. */
  upgrade(): Promise<Store>;
}

/**
 * A store of this pass (an SQLite file, or a PostgreSQL schema of its own) migrated up to but
 * not including the migration named `firstMissing`: an operator's store before an upgrade.
 */
export async function earlierStore(t: TestContext, firstMissing: string): Promise<EarlierStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-migrate-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const scaledOut = scaledOutEnv();
  const dialect: Dialect =
    scaledOut.schema === undefined
      ? new NodeSqliteDialect({ database: new NodeSqliteDatabase(join(dataDir, SQLITE_FILE_NAME)) })
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: scaledOut.env.FDH_DATABASE_URL, options: `-c search_path=${scaledOut.schema}` }) });
  const db = new Kysely<Database>({ dialect });
  if (scaledOut.schema !== undefined) await sql`create schema ${sql.id(scaledOut.schema)}`.execute(db);
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < firstMissing));
  const migrated = await new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: 'fdh_migration',
    migrationLockTableName: 'fdh_migration_lock',
    ...(scaledOut.schema === undefined ? {} : { migrationTableSchema: scaledOut.schema }),
  }).migrateToLatest();
  assert.equal(migrated.error, undefined);
  return {
    db,
    async upgrade() {
      await db.destroy();
      const store = await openStore({ dataDir, databaseUrl: scaledOut.env.FDH_DATABASE_URL, schema: scaledOut.schema });
      t.after(() => store.close());
      return store;
    },
  };
}
