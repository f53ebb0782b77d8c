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
import type { Database } from '../../src/store/schema.ts';
import { latestReleaseFacts } from '../../src/store/release-facts.ts';
import { scaledOutEnv } from '../helpers/stores.ts';

const upTo = (last: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

test('a store from before release_fact learns what its macro and close releases wrote, so their facts have a source and a latest period', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-migrate-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const scaledOut = scaledOutEnv();
  const dialect: Dialect =
    scaledOut.schema === undefined
      ? new NodeSqliteDialect({ database: new NodeSqliteDatabase(join(dataDir, SQLITE_FILE_NAME)) })
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: scaledOut.env.FDH_DATABASE_URL, options: `-c search_path=${scaledOut.schema}` }) });
  const db = new Kysely<Database>({ dialect });
  t.after(() => db.destroy());
  if (scaledOut.schema !== undefined) await sql`create schema ${sql.id(scaledOut.schema)}`.execute(db);
  const migrator = (last: string) =>
    new Migrator({
      db,
      provider: { getMigrations: async () => upTo(last) },
      migrationTableName: 'fdh_migration',
      migrationLockTableName: 'fdh_migration_lock',
      ...(scaledOut.schema === undefined ? {} : { migrationTableSchema: scaledOut.schema }),
    });
  assert.equal((await migrator('0019-email-skeleton').migrateToLatest()).error, undefined);
  const release = (id: string, knowledgeAt: string) => ({ id, dataset: 'cao-gdp', source: 'Cabinet Office', file_name: null, content_hash: id, knowledge_at: knowledgeAt, loaded_at: knowledgeAt, origin: 'sync' as const, source_id: 'cao-gdp', archive_hashes: '["abc"]' });
  await db.insertInto('release').values([release('rel_a', '2025-12-08T05:00:00.000Z'), release('rel_b', '2026-02-16T05:00:00.000Z')]).execute();
  await db
    .insertInto('macro_observation')
    .values([
      { series: 'jp.gdp.real', period: '2025-Q2', value: 1, marker: null, release_id: 'rel_a', knowledge_at: '2025-12-08T05:00:00.000Z' },
      { series: 'jp.gdp.real', period: '2025-Q3', value: 2, marker: null, release_id: 'rel_a', knowledge_at: '2025-12-08T05:00:00.000Z' },
      { series: 'jp.gdp.real', period: '2025-Q4', value: 3, marker: null, release_id: 'rel_b', knowledge_at: '2026-02-16T05:00:00.000Z' },
    ])
    .execute();
  await db.insertInto('instrument_close').values({ instrument: 'fx:USD/JPY', date: '2026-02-13', close: 153.2, source: 'ECB', release_id: 'rel_b', knowledge_at: '2026-02-16T05:00:00.000Z' }).execute();

  assert.equal((await migrator('9999').migrateToLatest()).error, undefined);
  const facts = await db.selectFrom('release_fact').select(['release_id', 'fact', 'table_name', 'rows', 'first_period', 'last_period']).orderBy('release_id').orderBy('fact').execute();
  assert.deepEqual(
    facts.map((fact) => ({ ...fact, rows: Number(fact.rows) })),
    [
      { release_id: 'rel_a', fact: 'macro_observation:jp.gdp.real', table_name: 'macro_observation', rows: 2, first_period: '2025-Q2', last_period: '2025-Q3' },
      { release_id: 'rel_b', fact: 'instrument_close:fx:USD/JPY', table_name: 'instrument_close', rows: 1, first_period: '2026-02-13', last_period: '2026-02-13' },
      { release_id: 'rel_b', fact: 'macro_observation:jp.gdp.real', table_name: 'macro_observation', rows: 1, first_period: '2025-Q4', last_period: '2025-Q4' },
    ],
  );
  const newest = await latestReleaseFacts(db, ['macro_observation:jp.gdp.real'], '2026-01-31');
  assert.deepEqual(newest.map((fact) => [fact.releaseId, fact.lastPeriod, fact.archiveHashes]), [['rel_a', '2025-Q3', ['abc']]]);
});
