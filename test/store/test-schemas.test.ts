import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropTestSchemas, runSchemaPrefix, testDatabaseUrl, testStore } from '../helpers/stores.ts';

const skip = testStore === 'postgres' && testDatabaseUrl !== undefined ? false : 'runs in the scaled-out pass (PostgreSQL)';

test("a test run drops its own PostgreSQL schemas and leaves another run's on the shared database", { skip }, async (t) => {
  const url = testDatabaseUrl ?? '';
  const [mine, theirs] = [randomBytes(4).toString('hex'), randomBytes(4).toString('hex')];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const schemas = [`${runSchemaPrefix(mine)}a`, `${runSchemaPrefix(mine)}b`, `${runSchemaPrefix(theirs)}a`];
  t.after(async () => {
    for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });
  for (const schema of schemas) await client.query(`create schema "${schema}"`);
  assert.equal(await dropTestSchemas(url, mine), 2);
  const { rows } = await client.query<{ name: string }>('select nspname as name from pg_namespace where nspname = any($1)', [schemas]);
  assert.deepEqual(
    rows.map((row) => row.name),
    [`${runSchemaPrefix(theirs)}a`],
    "the other run's schema is still there",
  );
});
