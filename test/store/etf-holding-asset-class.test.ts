import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from '../../src/store/migrations/index.ts';
import { NodeSqliteDatabase, NodeSqliteDialect } from '../../src/store/sqlite-adapter.ts';
import { openStore, SQLITE_FILE_NAME } from '../../src/store/db.ts';
import { scaledOutEnv } from '../helpers/stores.ts';

const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0021'));

test('migration 0021: a holding may have no asset class; the classes the PCF importer invented become null, the others stay', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-migrate-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const scaledOut = scaledOutEnv();
  let dialect: Dialect;
  if (scaledOut.schema === undefined) {
    dialect = new NodeSqliteDialect({ database: new NodeSqliteDatabase(join(dataDir, SQLITE_FILE_NAME)) });
  } else {
    dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: scaledOut.env.FDH_DATABASE_URL, options: `-c search_path=${scaledOut.schema}` }) });
  }
  const old = new Kysely<{ etf_holding: Record<string, string | number | null> }>({ dialect });
  if (scaledOut.schema !== undefined) await sql`create schema ${sql.id(scaledOut.schema)}`.execute(old);
  const migrated = await new Migrator({
    db: old,
    provider: { getMigrations: async () => before },
    migrationTableName: 'fdh_migration',
    migrationLockTableName: 'fdh_migration_lock',
    ...(scaledOut.schema === undefined ? {} : { migrationTableSchema: scaledOut.schema }),
  }).migrateToLatest();
  assert.equal(migrated.error, undefined);
  const holding = (id: number, assetClass: string, source: string) => ({
    id, fund_code: '2080', fund_date: '2026-08-21', symbol: `13${id}`, name: 'HOLDING', isin: null, exchange: 'TSE', currency: 'JPY', sector: null,
    asset_class: assetClass, shares: 100, price: 1000, eps: null, bps: null, sps: null, cfps: null, source,
  });
  await old.insertInto('etf_holding').values([holding(1, 'stock', 'JPX ETF PCF (ICE Data Services)'), holding(2, 'bond', 'demo'), holding(3, 'stock', 'demo')]).execute();
  await old.destroy();

  const store = await openStore({ dataDir, databaseUrl: scaledOut.env.FDH_DATABASE_URL, schema: scaledOut.schema });
  t.after(() => store.close());
  const rows = await store.db.selectFrom('etf_holding').select(['id', 'asset_class']).orderBy('id').execute();
  assert.deepEqual(rows.map((row) => [row.id, row.asset_class]), [[1, null], [2, 'bond'], [3, 'stock']]);
  await store.db.insertInto('etf_holding').values({ ...holding(4, 'stock', 'test'), asset_class: null }).execute();
  const added = await store.db.selectFrom('etf_holding').select('asset_class').where('id', '=', 4).executeTakeFirstOrThrow();
  assert.equal(added.asset_class, null, 'the column takes null');
});
