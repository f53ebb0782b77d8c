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
import { createLogger } from '../../src/kernel/logger.ts';
import { displayPrefixOf, generateApiKey, hashApiKey } from '../../src/edge/auth/api-key.ts';
import { scaledOutEnv } from '../helpers/stores.ts';

/** The migrations a store had before accounts existed. */
const beforeAccounts = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0014'));

test('a store from before accounts migrates with every key still working, on its plan, each under a service account of its own', async (t) => {
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
      ['pro', 1, false],
      ['pro', 1, false],
    ],
    'one service account per key (0014 made one per plan, 0018 split it), which nobody can sign in to',
  );
  const owners = await Promise.all(Object.values(keys).map(async (key) => (await runtime.keys.authenticate(key, now))?.accountId));
  assert.equal(new Set(owners).size, 3, 'each key is charged to its own account: its own budget');
  const created = await runtime.keys.create({ plan: 'pro' });
  assert.ok(!owners.includes(created.accountId), 'a new `--plan pro` key joins none of them');
});

test('migration 0018 splits a shared service account: a key and its rotations stay together, usage follows its key', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-migrate-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const scaledOut = scaledOutEnv();
  let dialect: Dialect;
  if (scaledOut.schema === undefined) {
    dialect = new NodeSqliteDialect({ database: new NodeSqliteDatabase(join(dataDir, SQLITE_FILE_NAME)) });
  } else {
    dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: scaledOut.env.FDH_DATABASE_URL, options: `-c search_path=${scaledOut.schema}` }) });
  }
  const old = new Kysely<Record<string, Record<string, string | number | null>>>({ dialect });
  if (scaledOut.schema !== undefined) await sql`create schema ${sql.id(scaledOut.schema)}`.execute(old);
  const migrated = await new Migrator({
    db: old,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0018')) },
    migrationTableName: 'fdh_migration',
    migrationLockTableName: 'fdh_migration_lock',
    ...(scaledOut.schema === undefined ? {} : { migrationTableSchema: scaledOut.schema }),
  }).migrateToLatest();
  assert.equal(migrated.error, undefined);
  await old
    .insertInto('account')
    .values({
      id: 'acc_service_free',
      email: 'service+free@accounts.invalid',
      name: 'Service account (plan free)',
      password_hash: null,
      role: 'member',
      plan: 'free',
      status: 'active',
      created_at: '2026-01-01T00:00:00.000Z',
      must_change_password: 0,
    })
    .execute();
  const secrets = { a: generateApiKey(), b: generateApiKey(), b2: generateApiKey(), c: generateApiKey() };
  const rows = [
    { id: 'key_a', revoked_at: null, grace_ends_at: null, replaced_by: null },
    // b was rotated with a grace into b2: one holder, one tenant.
    { id: 'key_b', revoked_at: null, grace_ends_at: '2026-06-20T00:00:00.000Z', replaced_by: 'key_b2' },
    { id: 'key_b2', revoked_at: null, grace_ends_at: null, replaced_by: null },
    { id: 'key_c', revoked_at: null, grace_ends_at: null, replaced_by: null },
  ];
  for (const [i, row] of rows.entries()) {
    const secret = secrets[row.id.slice(4) as keyof typeof secrets];
    await old
      .insertInto('api_key')
      .values({
        ...row,
        prefix: displayPrefixOf(secret),
        hash: hashApiKey(secret),
        name: row.id,
        account_id: 'acc_service_free',
        scopes: null,
        budget: null,
        created_at: `2026-01-0${i + 1}T00:00:00.000Z`,
        expires_at: null,
        disabled_at: null,
      })
      .execute();
    await old
      .insertInto('usage_minute')
      .values({ minute: 29_000_000 + i, key_id: row.id, account_id: 'acc_service_free', endpoint: '/usage', status_class: '2xx', requests: 1, weight: 1 })
      .execute();
  }
  const hashesBefore = await old.selectFrom('api_key').select(['id', 'hash', 'prefix']).orderBy('id').execute();
  await old.destroy();

  const runtime = await openRuntime(loadConfig({ env: { FDH_DATA_DIR: dataDir, ...scaledOut.env }, cwd: dataDir }), {
    logger: createLogger('silent'),
    ...(scaledOut.schema === undefined ? {} : { schema: scaledOut.schema }),
    ...(scaledOut.redisKeyPrefix === undefined ? {} : { redisKeyPrefix: scaledOut.redisKeyPrefix }),
  });
  t.after(() => runtime.close());
  const now = new Date('2026-06-19T08:45:30.000Z');
  const owner: Record<string, string | undefined> = {};
  for (const [name, secret] of Object.entries(secrets)) {
    const record = await runtime.keys.authenticate(secret, now);
    assert.equal(record?.id, `key_${name}`, `${name} still authenticates with its secret`);
    assert.equal(record?.plan, 'free');
    owner[name] = record?.accountId;
  }
  assert.equal(owner.a, 'acc_service_free', 'the first key keeps the original account');
  assert.equal(owner.b, owner.b2, 'a key and its replacement are one tenant');
  assert.equal(new Set([owner.a, owner.b, owner.c]).size, 3, 'each holder has its own account, so its own budget and cap');
  const db = runtime.store.db;
  assert.deepEqual(await db.selectFrom('api_key').select(['id', 'hash', 'prefix']).orderBy('id').execute(), hashesBefore, 'no secret changed');
  const usage = await db.selectFrom('usage_minute').select(['key_id', 'account_id']).orderBy('key_id').execute();
  assert.deepEqual(
    usage.map((u) => [u.key_id, u.account_id]),
    [
      ['key_a', owner.a],
      ['key_b', owner.b],
      ['key_b2', owner.b],
      ['key_c', owner.c],
    ],
    'usage rows follow their key',
  );
  const split = (await runtime.accounts.list()).filter((a) => a.plan === 'free');
  assert.ok(split.every((a) => !a.canSignIn && a.status === 'active'));
});
