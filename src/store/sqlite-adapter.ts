import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import {
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';

/**
 * Lets Kysely's SqliteDialect drive `node:sqlite`. Statements are prepared once per
 * distinct SQL text and reused: Kysely compiles the same query shape to the same text,
 * so the hot paths run on prepared statements without any caller having to care.
 */
const STATEMENT_CACHE_LIMIT = 500;

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...parameters.map(toSqlite));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...parameters.map(toSqlite));
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(...parameters.map(toSqlite));
  }
}

export class NodeSqliteDatabase implements SqliteDatabase {
  readonly raw: DatabaseSync;
  readonly #statements = new Map<string, CachedStatement>();

  constructor(path: string) {
    this.raw = new DatabaseSync(path);
    this.raw.exec('PRAGMA journal_mode = WAL');
    this.raw.exec('PRAGMA synchronous = NORMAL');
    this.raw.exec('PRAGMA foreign_keys = ON');
    this.raw.exec('PRAGMA busy_timeout = 5000');
  }

  prepare(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      if (this.#statements.size >= STATEMENT_CACHE_LIMIT) this.#statements.clear();
      statement = new CachedStatement(this.raw.prepare(sql));
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

/** SQLite rolls back DDL with the transaction, so a failed migration leaves no half-made tables. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * SQLite ends the transaction itself on some failures (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM):
 * a ROLLBACK after that fails with "cannot rollback - no transaction is active", and Kysely would
 * throw that instead of the failure that mattered (a full disk).
 */
class NodeSqliteDriver extends SqliteDriver {
  readonly #database: NodeSqliteDatabase;
  constructor(database: NodeSqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#database.raw.isTransaction) await super.rollbackTransaction(connection);
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #database: NodeSqliteDatabase;
  constructor(config: { database: NodeSqliteDatabase }) {
    super(config);
    this.#database = config.database;
  }

  override createDriver(): Driver {
    return new NodeSqliteDriver(this.#database);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}
