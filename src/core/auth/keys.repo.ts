import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';

export interface ApiKeyRecord {
  id: string;
  prefix: string;
  hash: string;
  name: string | null;
  plan: string;
  scopes: string[] | null;
  createdAt: string;
  expiresAt: string | null;
  disabledAt: string | null;
  revokedAt: string | null;
}

/** The columns a listing may show: never the hash. */
export type ApiKeySummary = Omit<ApiKeyRecord, 'hash'>;

type Row = Database['api_key'];

function scopesFrom(text: string | null): string[] | null {
  return text === null ? null : text.split(',').filter((s) => s !== '');
}

function toSummary(row: Omit<Row, 'hash'>): ApiKeySummary {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    plan: row.plan,
    scopes: scopesFrom(row.scopes),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    disabledAt: row.disabled_at,
    revokedAt: row.revoked_at,
  };
}

export class KeysRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(record: ApiKeyRecord): Promise<void> {
    await this.#db
      .insertInto('api_key')
      .values({
        id: record.id,
        prefix: record.prefix,
        hash: record.hash,
        name: record.name,
        plan: record.plan,
        scopes: record.scopes === null ? null : record.scopes.join(','),
        created_at: record.createdAt,
        expires_at: record.expiresAt,
        disabled_at: record.disabledAt,
        revoked_at: record.revokedAt,
      })
      .execute();
  }

  /** Candidates for a presented key; the caller compares hashes in constant time. */
  async findByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    const rows = await this.#db.selectFrom('api_key').selectAll().where('prefix', '=', prefix).execute();
    return rows.map((row) => ({ ...toSummary(row), hash: row.hash }));
  }

  async list(): Promise<ApiKeySummary[]> {
    const rows = await this.#db
      .selectFrom('api_key')
      .select(['id', 'prefix', 'name', 'plan', 'scopes', 'created_at', 'expires_at', 'disabled_at', 'revoked_at'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toSummary);
  }

  async count(): Promise<number> {
    const row = await this.#db.selectFrom('api_key').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Sets one lifecycle column; returns false when no such key exists. */
  async setLifecycle(id: string, change: Partial<Pick<Row, 'disabled_at' | 'revoked_at'>>): Promise<boolean> {
    const result = await this.#db.updateTable('api_key').set(change).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async findById(id: string): Promise<ApiKeySummary | undefined> {
    const row = await this.#db
      .selectFrom('api_key')
      .select(['id', 'prefix', 'name', 'plan', 'scopes', 'created_at', 'expires_at', 'disabled_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toSummary(row);
  }
}
