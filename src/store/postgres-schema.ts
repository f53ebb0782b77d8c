import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** PostgreSQL's plain identifiers; anything else would need quoting in `-c search_path=…`. */
export const PLAIN_SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

interface Session {
  role: string;
  database: string;
  searchPath: string;
  current: string | null;
}

const quoted = (name: string): string => (PLAIN_SCHEMA_NAME.test(name) ? name : `"${name.replaceAll('"', '""')}"`);

/** The first schema a search_path names (`"$user"` is the role's own), or undefined when it names none. */
export function firstSearchPathSchema(searchPath: string, role: string): string | undefined {
  const first = searchPath
    .split(',')
    .map((entry) => entry.trim())
    .find((entry) => entry !== '');
  if (first === undefined) return undefined;
  const name = first.startsWith('"') && first.endsWith('"') ? first.slice(1, -1).replaceAll('""', '"') : first.toLowerCase();
  return name === '$user' ? role : name;
}

/**
 * Makes sure the store's tables have a schema to go in: the configured one (FDH_DATABASE_SCHEMA),
 * else the one the connection's search_path selects (`?options=-c search_path=…`, the role's
 * default). A missing schema is created when the role may; otherwise the error says the command
 * that fixes it, instead of PostgreSQL's "no schema has been selected to create in".
 */
export async function ensureStoreSchema(db: Kysely<Database>, configured: string | undefined): Promise<void> {
  const { rows } = await sql<Session>`
    select current_user as role, current_database() as database, current_setting('search_path') as "searchPath", current_schema() as current`.execute(db);
  const session = rows[0];
  if (session === undefined) throw new Error('PostgreSQL answered no session details');
  const schema = configured ?? session.current ?? firstSearchPathSchema(session.searchPath, session.role);
  if (schema === undefined) {
    throw new Error(
      `the PostgreSQL search_path of role ${session.role} is empty, so the store has no schema to create its tables in: set FDH_DATABASE_SCHEMA (e.g. FDH_DATABASE_SCHEMA=fdh)`,
    );
  }
  const { rows: found } = await sql<{ exists: boolean; mayCreateSchema: boolean; mayCreateTables: boolean | null; storeMade: boolean }>`
    select exists (select 1 from pg_catalog.pg_namespace where nspname = ${schema}) as exists,
           has_database_privilege(current_database(), 'CREATE') as "mayCreateSchema",
           case when exists (select 1 from pg_catalog.pg_namespace where nspname = ${schema}) then has_schema_privilege(${schema}, 'CREATE') end as "mayCreateTables",
           exists (select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
                   where n.nspname = ${schema} and c.relname = 'fdh_migration') as "storeMade"`.execute(db);
  const state = found[0];
  if (state === undefined) throw new Error(`PostgreSQL answered nothing about schema ${schema}`);
  if (!state.exists) {
    if (!state.mayCreateSchema) {
      throw new Error(
        `schema ${quoted(schema)} does not exist in database ${session.database} and role ${session.role} may not create it: ` +
          `as the database owner run \`create schema ${quoted(schema)} authorization ${quoted(session.role)}\` ` +
          `(or \`grant create on database ${quoted(session.database)} to ${quoted(session.role)}\` and the hub creates it)`,
      );
    }
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    return;
  }
  if (!state.storeMade && state.mayCreateTables === false) {
    throw new Error(
      `role ${session.role} may not create tables in schema ${quoted(schema)}: as its owner run ` +
        `\`grant usage, create on schema ${quoted(schema)} to ${quoted(session.role)}\`, or set FDH_DATABASE_SCHEMA to a schema of the role's own`,
    );
  }
}
