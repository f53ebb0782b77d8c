import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { writeVersioned } from '../store/versioned-write.ts';
import type { ApiKeyRecord } from '../edge/auth/key-record.ts';

/** The columns a listing may show: never the hash. */
export type ApiKeySummary = Omit<ApiKeyRecord, 'hash'>;

export interface NewApiKey {
  id: string;
  prefix: string;
  hash: string;
  name: string | null;
  accountId: string;
  scopes: string[] | null;
  budget: number | null;
  createdAt: string;
  expiresAt: string | null;
}

type Row = Database['api_key'];

const SUMMARY_COLUMNS = [
  'api_key.id',
  'api_key.prefix',
  'api_key.name',
  'api_key.account_id',
  'api_key.scopes',
  'api_key.budget',
  'api_key.created_at',
  'api_key.expires_at',
  'api_key.disabled_at',
  'api_key.revoked_at',
  'api_key.grace_ends_at',
  'api_key.replaced_by',
  'account.plan',
  'account.status',
] as const;

interface SummaryRow extends Omit<Row, 'hash'> {
  plan: string;
  status: string;
}

function scopesFrom(text: string | null): string[] | null {
  return text === null ? null : text.split(',').filter((s) => s !== '');
}

function toSummary(row: SummaryRow): ApiKeySummary {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    accountId: row.account_id,
    plan: row.plan,
    accountActive: row.status === 'active',
    scopes: scopesFrom(row.scopes),
    budget: row.budget,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    disabledAt: row.disabled_at,
    revokedAt: row.revoked_at,
    graceEndsAt: row.grace_ends_at,
    replacedBy: row.replaced_by,
  };
}

export class KeysRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Runs `write` in one transaction that bumps the `accounts` version: every serving process's
   * key cache drops what it holds, so a revoked or disabled key is refused on its next request.
   */
  changeVersioned<T>(write: (repo: KeysRepo, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return writeVersioned(this.#db, async (trx) => ({ result: await write(new KeysRepo(trx), trx), changed: ['accounts'] }));
  }

  /** Runs `work` in one transaction of the store. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }

  async insert(key: NewApiKey): Promise<void> {
    await this.#db
      .insertInto('api_key')
      .values({
        id: key.id,
        prefix: key.prefix,
        hash: key.hash,
        name: key.name,
        account_id: key.accountId,
        scopes: key.scopes === null ? null : key.scopes.join(','),
        budget: key.budget,
        created_at: key.createdAt,
        expires_at: key.expiresAt,
        disabled_at: null,
        revoked_at: null,
        grace_ends_at: null,
        replaced_by: null,
      })
      .execute();
  }

  /** Candidates for a presented key, with their account's plan; the caller compares hashes in constant time. */
  async findByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    const rows = await this.#db
      .selectFrom('api_key')
      .innerJoin('account', 'account.id', 'api_key.account_id')
      .select([...SUMMARY_COLUMNS, 'api_key.hash'])
      .where('api_key.prefix', '=', prefix)
      .execute();
    return rows.map((row) => ({ ...toSummary(row), hash: row.hash }));
  }

  /** Every key, or one account's. */
  async list(accountId?: string): Promise<ApiKeySummary[]> {
    let query = this.#db.selectFrom('api_key').innerJoin('account', 'account.id', 'api_key.account_id').select(SUMMARY_COLUMNS);
    if (accountId !== undefined) query = query.where('api_key.account_id', '=', accountId);
    const rows = await query.orderBy('api_key.created_at').orderBy('api_key.id').execute();
    return rows.map(toSummary);
  }

  /** Keys of the account that are neither revoked nor past their expiry or grace at `now`. */
  async countLive(accountId: string, now: string): Promise<number> {
    const row = await this.#db
      .selectFrom('api_key')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .where((eb) => eb.or([eb('grace_ends_at', 'is', null), eb('grace_ends_at', '>', now)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Takes the account's row for the rest of the transaction (a write lock on both stores), so
   * concurrent key creations for one account count and insert one after another.
   */
  async lockAccount(accountId: string): Promise<void> {
    await this.#db
      .updateTable('account')
      .set((eb) => ({ plan: eb.ref('plan') }))
      .where('id', '=', accountId)
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.#db
      .selectFrom('api_key')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Sets lifecycle columns; returns false when no such key exists. */
  async setLifecycle(id: string, change: Partial<Pick<Row, 'disabled_at' | 'revoked_at' | 'grace_ends_at' | 'replaced_by'>>): Promise<boolean> {
    const result = await this.#db.updateTable('api_key').set(change).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async findById(id: string): Promise<ApiKeySummary | undefined> {
    const row = await this.#db
      .selectFrom('api_key')
      .innerJoin('account', 'account.id', 'api_key.account_id')
      .select(SUMMARY_COLUMNS)
      .where('api_key.id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toSummary(row);
  }
}
