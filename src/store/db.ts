import { existsSync } from 'node:fs';
import { privateDirectory, privateFiles, type Tightened } from './private-files.ts';
import { join } from 'node:path';
import { Kysely, sql, type Dialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { NodeSqliteDatabase, NodeSqliteDialect } from './sqlite-adapter.ts';
import { migrations } from './migrations/index.ts';
import { StorePostgresDialect } from './postgres-store-dialect.ts';
import { ensureStoreSchema } from './postgres-schema.ts';
import type { Database } from './schema.ts';

export type StoreDialect = 'sqlite' | 'postgres';

/** Where a store lives, enough for another thread or process to open the same one. */
export interface StoreAddress {
  databaseUrl?: string | undefined;
  dataDir: string;
  schema?: string | undefined;
}

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: StoreDialect;
  readonly address: StoreAddress;
  /** Where the store lives, for messages; never includes a password. */
  readonly location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** `postgres://…` for PostgreSQL; absent for the embedded SQLite file. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (FDH_DATABASE_SCHEMA; tests isolate themselves with one each); absent: the search_path's. */
  schema?: string | undefined;
  /** Told of every query's time (metrics). */
  onQuery?: (durationMs: number, failed: boolean) => void;
  /** False: open an existing store only; a missing one is a StoreNotFoundError and nothing is created. */
  create?: boolean;
  /** Told of each store file or directory whose mode was narrowed to its owner at opening. */
  onTightened?: ((change: Tightened) => void) | undefined;
}

/** No store where the configuration points; the message names the place looked at. */
export class StoreNotFoundError extends Error {}

const CREATE_HINT = "create one with `fdh seed demo` or `fdh serve`, or point FDH_DATA_DIR (--data-dir) or FDH_DATABASE_URL at the server's store";

export const SQLITE_FILE_NAME = 'fdh.sqlite';

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

export async function openStore(options: StoreOptions): Promise<Store> {
  let dialect: Dialect;
  let storeDialect: StoreDialect;
  let location: string;
  if (options.databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const schema = options.schema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 2000,
      ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
    });
    // A client losing its connection must not crash the process: idle, the pool reports it here;
    // checked out between two queries, the client itself emits it. Its next query fails (a 503),
    // the pool drops it on release, and a later query connects anew.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    dialect = new StorePostgresDialect({ pool });
    storeDialect = 'postgres';
    location = redactUrl(options.databaseUrl);
  } else if (options.databaseUrl !== undefined && options.databaseUrl !== '') {
    throw new Error(`FDH_DATABASE_URL must start with postgres:// (got an unsupported URL)`);
  } else {
    const file = join(options.dataDir, SQLITE_FILE_NAME);
    if (options.create === false && !existsSync(file)) throw new StoreNotFoundError(`no store at ${file}: ${CREATE_HINT}`);
    const tightened = privateDirectory(options.dataDir);
    const existed = existsSync(file);
    dialect = new NodeSqliteDialect({ database: new NodeSqliteDatabase(file) });
    // The journal files come and go with the database: each is narrowed whenever it exists. A
    // file made just now had the process's umask: narrowing it is no news to report.
    const narrowed = privateFiles([file, `${file}-wal`, `${file}-shm`]);
    if (existed) tightened.push(...narrowed);
    for (const change of tightened) options.onTightened?.(change);
    storeDialect = 'sqlite';
    location = file;
  }
  const onQuery = options.onQuery;
  const db = new Kysely<Database>({
    dialect,
    ...(onQuery === undefined ? {} : { log: (event) => onQuery(event.queryDurationMillis, event.level === 'error') }),
  });
  if (storeDialect === 'postgres' && options.create === false) await ensurePostgresStore(db, options.schema, location);
  if (storeDialect === 'postgres') {
    try {
      await ensureStoreSchema(db, options.schema);
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  await migrate(db, storeDialect === 'postgres' ? options.schema : undefined);
  return {
    db,
    dialect: storeDialect,
    address: { databaseUrl: options.databaseUrl, dataDir: options.dataDir, schema: options.schema },
    location,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/** A PostgreSQL store exists once its migration table does; closes the pool when it does not. */
async function ensurePostgresStore(db: Kysely<Database>, schema: string | undefined, location: string): Promise<void> {
  const table = schema === undefined ? 'fdh_migration' : `"${schema}".fdh_migration`;
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
  if (rows[0]?.found != null) return;
  await db.destroy();
  throw new StoreNotFoundError(`no store in ${location}${schema === undefined ? '' : ` (schema ${schema})`}: ${CREATE_HINT}`);
}

async function migrate(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'fdh_migration',
    migrationLockTableName: 'fdh_migration_lock',
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`store migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
