import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { writeVersioned } from '../store/versioned-write.ts';
import type { AccountRow } from '../store/tables/accounts.tables.ts';
import { emailSkeleton } from '../kernel/email-skeleton.ts';

export type Role = 'admin' | 'member';
export type AccountStatus = 'active' | 'disabled';

export interface Account {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  plan: string;
  status: AccountStatus;
  createdAt: string;
  /** False for a service account: it has no password and cannot sign in. */
  canSignIn: boolean;
  /** The password is one the hub chose: a session may do nothing but change it. */
  mustChangePassword: boolean;
}

const COLUMNS = ['id', 'email', 'name', 'role', 'plan', 'status', 'created_at', 'password_hash', 'must_change_password'] as const;

function toAccount(row: Pick<AccountRow, (typeof COLUMNS)[number]>): Account {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'member',
    plan: row.plan,
    status: row.status === 'active' ? 'active' : 'disabled',
    createdAt: row.created_at,
    canSignIn: row.password_hash !== null,
    mustChangePassword: row.must_change_password === 1,
  };
}

export class AccountsRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Runs `write` in one transaction that bumps the `accounts` version, so every serving
   * process's key cache drops what it holds (ADR 0015).
   */
  changeVersioned<T>(write: (repo: AccountsRepo, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return writeVersioned(this.#db, async (trx) => ({ result: await write(new AccountsRepo(trx), trx), changed: ['accounts'] }));
  }

  /** Runs `work` in one transaction of the store. */
  transaction<T>(work: (repo: AccountsRepo, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new AccountsRepo(trx), trx));
  }

  /** The skeleton is computed here, so every insert has one and the unique index guards it. */
  async insert(row: Omit<AccountRow, 'email_skeleton'>): Promise<void> {
    await this.#db
      .insertInto('account')
      .values({ ...row, email_skeleton: emailSkeleton(row.email) })
      .execute();
  }

  /** The account whose email looks like this one (same skeleton), if there is one. */
  async findByEmailSkeleton(email: string): Promise<Account | undefined> {
    const row = await this.#db.selectFrom('account').select(COLUMNS).where('email_skeleton', '=', emailSkeleton(email)).executeTakeFirst();
    return row === undefined ? undefined : toAccount(row);
  }

  async findById(id: string): Promise<Account | undefined> {
    const row = await this.#db.selectFrom('account').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toAccount(row);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const row = await this.#db.selectFrom('account').select(COLUMNS).where('email', '=', email).executeTakeFirst();
    return row === undefined ? undefined : toAccount(row);
  }

  /** The account and its password hash, for a sign-in only. */
  async findCredentials(email: string): Promise<{ account: Account; passwordHash: string | null } | undefined> {
    const row = await this.#db.selectFrom('account').select(COLUMNS).where('email', '=', email).executeTakeFirst();
    return row === undefined ? undefined : { account: toAccount(row), passwordHash: row.password_hash };
  }

  async list(): Promise<(Account & { keyCount: number })[]> {
    const rows = await this.#db
      .selectFrom('account')
      .select(COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('api_key')
          .select((k) => k.fn.countAll<number>().as('n'))
          .whereRef('api_key.account_id', '=', 'account.id')
          .where('api_key.revoked_at', 'is', null)
          .as('key_count'),
      )
      .orderBy('email')
      .execute();
    return rows.map((row) => ({ ...toAccount(row), keyCount: Number(row.key_count ?? 0) }));
  }

  /** Returns false when no such account exists. */
  async update(id: string, change: Partial<Pick<AccountRow, 'plan' | 'status' | 'password_hash' | 'role' | 'must_change_password'>>): Promise<boolean> {
    const result = await this.#db.updateTable('account').set(change).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends every dashboard session of the account, but the one with `keepTokenHash` if given. */
  async endSessions(accountId: string, keepTokenHash?: string): Promise<void> {
    let query = this.#db.deleteFrom('session').where('account_id', '=', accountId);
    if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
    await query.execute();
  }

  /** The stored password hash of an account, for a password change only. */
  async passwordHashOf(id: string): Promise<string | null | undefined> {
    const row = await this.#db.selectFrom('account').select('password_hash').where('id', '=', id).executeTakeFirst();
    return row?.password_hash;
  }
}
