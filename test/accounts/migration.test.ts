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
import { SQLITE_FILE_NAME } from '../../src/store/db.ts';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { createLogger } from '../../src/core/logger.ts';
import { displayPrefixOf, generateApiKey, hashApiKey } from '../../src/core/auth/api-key.ts';
import { scaledOutEnv } from '../helpers/stores.ts';

/** The migrations a store had before accounts existed. */
const beforeAccounts = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0014'));

test('a store from before accounts migrates with every key still working, on its plan, under a service account', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-migrate-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const scaledOut = scaledOutEnv();
  let dialect: Dialect;
  if (scaledOut.schema === undefined) {
    dialect = new NodeSqliteDialect({ database: new NodeSqliteDatabase(join(dataDir, SQLITE_FILE_NAME)) });
  } else {
    dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: scaledOut.env.FDH_DATABASE_URL, options: `-c search_path=${scaledOut.schema}` }) });
  }
  const old = new Kysely<{ api_key: Record<string, string | null> }>({ dialect });
  if (scaledOut.schema !== undefined) await sql`create schema ${sql.id(scaledOut.schema)}`.execute(old);
  const migrated = await new Migrator({
    db: old,
    provider: { getMigrations: async () => beforeAccounts },
    migrationTableName: 'fdh_migration',
    migrationLockTableName: 'fdh_migration_lock',
    ...(scaledOut.schema === undefined ? {} : { migrationTableSchema: scaledOut.schema }),
  }).migrateToLatest();
  assert.equal(migrated.error, undefined);
  const keys = { basic: generateApiKey(), pro: generateApiKey(), pro2: generateApiKey() };
  for (const [id, key] of Object.entries(keys)) {
    await old
      .insertInto('api_key')
      .values({
        id: `key_${id}`,
        prefix: displayPrefixOf(key),
        hash: hashApiKey(key),
        name: id,
        plan: id === 'basic' ? 'basic' : 'pro',
        scopes: null,
        created_at: '2026-01-01T00:00:00.000Z',
        expires_at: null,
        disabled_at: null,
        revoked_at: null,
      })
      .execute();
  }
  await old.destroy();

  const runtime = await openRuntime(loadConfig({ env: { FDH_DATA_DIR: dataDir, ...scaledOut.env }, cwd: dataDir }), {
    logger: createLogger('silent'),
    ...(scaledOut.schema === undefined ? {} : { schema: scaledOut.schema }),
    ...(scaledOut.redisKeyPrefix === undefined ? {} : { redisKeyPrefix: scaledOut.redisKeyPrefix }),
  });
  t.after(() => runtime.close());
  const now = new Date('2026-06-19T08:45:30.000Z');
  for (const [id, key] of Object.entries(keys)) {
    const record = await runtime.keys.authenticate(key, now);
    assert.equal(record?.id, `key_${id}`, `${id} still authenticates`);
    assert.equal(record?.plan, id === 'basic' ? 'basic' : 'pro');
  }
  const accounts = await runtime.accounts.list();
  assert.deepEqual(
    accounts.map((a) => [a.plan, a.keyCount, a.canSignIn]).sort(),
    [
      ['basic', 1, false],
      ['pro', 2, false],
    ],
    'one service account per plan, which nobody can sign in to',
  );
  const pro = await runtime.accounts.serviceAccountFor('pro');
  assert.equal((await runtime.keys.create({ plan: 'pro' })).accountId, pro.id, '`--plan pro` keys join the migrated service account');
});
