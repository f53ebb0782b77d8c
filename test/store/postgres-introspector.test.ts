import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PostgresIntrospector, sql, type Kysely, type TableMetadata } from 'kysely';
import type { Database } from '../../src/store/schema.ts';
import { createTestHub } from '../helpers/app.ts';
import { testStore } from '../helpers/stores.ts';
import { StoreSchemaIntrospector } from '../../src/store/postgres-store-dialect.ts';

/**
 * Kysely's own reading of every schema of the database, to compare with: it races with the other
 * test files of the pass that drop their schemas meanwhile (the very failure this store's
 * introspector avoids), so a read that meets a schema or column gone is read again.
 */
async function kyselyTables(db: Kysely<Database>): Promise<TableMetadata[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new PostgresIntrospector(db).getTables({ withInternalKyselyTables: true });
    } catch (error) {
      if (attempt === 5 || !/does not exist/.test((error as Error).message)) throw error;
    }
  }
}

const skip = testStore === 'postgres' ? false : 'runs in the scaled-out pass (PostgreSQL)';

test('a store introspects its own schema only, as Kysely reads it, and a column another store drops meanwhile cannot fail it', { skip }, async (t) => {
  const hub = await createTestHub(t);
  const other = await createTestHub(t);
  const db = hub.runtime.store.db;
  const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name;
  const ours = await new StoreSchemaIntrospector(db).getTables({ withInternalKyselyTables: true });
  const kysely = (await kyselyTables(db)).filter((table) => table.schema === schema);
  assert.ok(ours.length > 20 && ours.every((table) => table.schema === schema), "this store's tables, and no other store's");
  assert.deepEqual(ours, kysely, 'the same tables and columns as Kysely reads for the schema');

  // What failed a store's start in the scaled-out pass, made certain: the introspection's snapshot
  // still shows a column that another store's migration has dropped since. Kysely's introspector
  // reads every schema and looks each column up again by name; this one reads by oid.
  const otherDb = other.runtime.store.db;
  await sql`alter table api_key add column scratch integer`.execute(otherDb);
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await sql`alter table api_key drop column scratch`.execute(otherDb);
      await sql`savepoint introspection`.execute(trx);
      await assert.rejects(new PostgresIntrospector(trx).getTables(), /column "scratch" of relation "api_key" does not exist/);
      await sql`rollback to savepoint introspection`.execute(trx);
      assert.deepEqual(await new StoreSchemaIntrospector(trx).getTables({ withInternalKyselyTables: true }), ours);
    });
});
