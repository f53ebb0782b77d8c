import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test, type TestContext } from 'node:test';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { openStore } from '../../src/store/db.ts';
import { firstSearchPathSchema } from '../../src/store/postgres-schema.ts';
import { runSchemaPrefix, testDatabaseUrl, testStore } from '../helpers/stores.ts';

const skip = testStore === 'postgres' ? false : 'runs in the scaled-out pass (PostgreSQL)';

/** A name of this run's (the runner drops the run's schemas after it). */
const runName = (): string => `${runSchemaPrefix()}${randomBytes(6).toString('hex')}`;

function withOptions(url: string, options: string, user?: string): string {
  const parsed = new URL(url);
  if (user !== undefined) {
    parsed.username = user;
    parsed.password = '';
  }
  parsed.searchParams.set('options', options);
  return parsed.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A login role with PostgreSQL's default rights only: no CREATE on the database nor on `public`. */
async function plainRole(t: TestContext): Promise<string> {
  const role = runName();
  await admin((client) => client.query(`create role "${role}" login`));
  t.after(() => admin((client) => client.query(`drop owned by "${role}"; drop role "${role}"`)));
  return role;
}

test('FDH_DATABASE_SCHEMA is a plain PostgreSQL name, and a search_path names its first schema', () => {
  assert.equal(loadConfig({ env: { FDH_DATABASE_SCHEMA: 'fdh' }, cwd: '/nonexistent' }).databaseSchema, 'fdh');
  assert.equal(loadConfig({ env: {}, cwd: '/nonexistent' }).databaseSchema, undefined);
  assert.throws(() => loadConfig({ env: { FDH_DATABASE_SCHEMA: 'fdh; drop' }, cwd: '/nonexistent' }), /FDH_DATABASE_SCHEMA must be a plain PostgreSQL name/);
  assert.equal(firstSearchPathSchema('"$user", public', 'hub'), 'hub');
  assert.equal(firstSearchPathSchema(' Fdh,public', 'hub'), 'fdh');
  assert.equal(firstSearchPathSchema('"My Store"', 'hub'), 'My Store');
  assert.equal(firstSearchPathSchema('', 'hub'), undefined);
});

test('a search_path in the URL naming a missing schema: the store creates it and works in it', { skip }, async (t) => {
  const schema = runName();
  const store = await openStore({ databaseUrl: withOptions(testDatabaseUrl ?? '', `-c search_path=${schema}`), dataDir: '/nonexistent' });
  t.after(() => store.close());
  const { rows } = await sql<{ name: string; tables: number }>`
    select current_schema() as name, (select count(*)::int from pg_tables where schemaname = ${schema}) as tables`.execute(store.db);
  assert.equal(rows[0]?.name, schema);
  assert.ok((rows[0]?.tables ?? 0) > 20, 'the migrations made their tables there');
});

test('a role that may not create the schema: the error names the command that fixes it, and after it the store opens', { skip }, async (t) => {
  const role = await plainRole(t);
  const schema = runName();
  const url = withOptions(testDatabaseUrl ?? '', `-c search_path=${schema}`, role);
  await assert.rejects(
    openStore({ databaseUrl: url, dataDir: '/nonexistent' }),
    (error: Error) => error.message.includes(`create schema ${schema} authorization ${role}`) && !error.message.includes('no schema has been selected'),
  );
  await admin((client) => client.query(`create schema "${schema}" authorization "${role}"`));
  const store = await openStore({ databaseUrl: url, dataDir: '/nonexistent' });
  await store.close();
});

test('a role that may not create tables in the schema it is given (as in public since PostgreSQL 15): the error says the grant', { skip }, async (t) => {
  const role = await plainRole(t);
  const schema = runName();
  await admin((client) => client.query(`create schema "${schema}"`));
  await assert.rejects(
    openStore({ databaseUrl: withOptions(testDatabaseUrl ?? '', `-c search_path=${schema}`, role), dataDir: '/nonexistent', schema }),
    new RegExp(`grant usage, create on schema ${schema} to ${role}`),
  );
});
