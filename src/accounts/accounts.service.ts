import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Clock } from '../core/clock.ts';
import type { Plans } from '../core/auth/plans.ts';
import { randomBase62 } from '../core/auth/api-key.ts';
import { AccountsRepo, type Account, type AccountStatus, type Role } from './accounts.repo.ts';
import { AccountInputError, AccountNotFoundError, EmailTakenError } from './errors.ts';
import { generatePassword, hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyNothing, verifyPassword } from './password.ts';

export interface NewAccount {
  email: string;
  name?: string | undefined;
  role?: Role | undefined;
  plan: string;
  /** Absent: the hub chooses one and returns it once. */
  password?: string | undefined;
}

export interface AccountWithPassword {
  account: Account;
  /** The password the hub chose: shown once, never stored. Null when the caller chose it. */
  password: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;
export const ROLES: readonly Role[] = ['admin', 'member'];

/** Emails compare without case: `Ann@Example.com` and `ann@example.com` are one account. */
export function normaliseEmail(email: string): string {
  const normal = email.trim().toLowerCase();
  if (normal.length > MAX_EMAIL_LENGTH || !EMAIL.test(normal)) throw new AccountInputError(`email must be an email address (got "${email}")`);
  return normal;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new AccountInputError(`password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long`);
  }
}

/** The account `fdh keys create --plan P` gives its keys to (and the migration gave existing keys). */
function serviceAccountId(plan: string): string {
  return `acc_service_${plan}`;
}

/**
 * Accounts: who owns keys, on which plan, and who may sign in to the dashboard. A change of
 * plan or status bumps the `accounts` version so every process applies it on the next request.
 */
export class AccountsService {
  readonly #repo: AccountsRepo;
  readonly #plans: Plans;
  readonly #clock: Clock;

  constructor(repo: AccountsRepo, plans: Plans, clock: Clock) {
    this.#repo = repo;
    this.#plans = plans;
    this.#clock = clock;
  }

  /** `within`: a transaction of the caller's to write it in, so the account commits (or not) with the caller's other writes. */
  async create(input: NewAccount, within?: Transaction<Database>): Promise<AccountWithPassword> {
    const repo = this.#repoIn(within);
    const email = normaliseEmail(input.email);
    this.#checkPlan(input.plan);
    const role = input.role ?? 'member';
    if (!ROLES.includes(role)) throw new AccountInputError(`role must be admin or member (got "${String(role)}")`);
    if (input.password !== undefined) checkPassword(input.password);
    const password = input.password ?? generatePassword();
    if ((await repo.findByEmail(email)) !== undefined) throw new EmailTakenError(`an account with email ${email} already exists`);
    const id = `acc_${randomBase62(16)}`;
    const name = input.name?.trim() || null;
    try {
      await repo.insert({
        id,
        email,
        name,
        password_hash: await hashPassword(password),
        role,
        plan: input.plan,
        status: 'active',
        created_at: this.#clock.now().toISOString(),
      });
    } catch (error) {
      // Another process created the same email between the check and the insert.
      if (within === undefined && (await repo.findByEmail(email)) !== undefined) throw new EmailTakenError(`an account with email ${email} already exists`);
      throw error;
    }
    return { account: await this.get(id, within), password: input.password === undefined ? password : null };
  }

  list(): ReturnType<AccountsRepo['list']> {
    return this.#repo.list();
  }

  async get(id: string, within?: Transaction<Database>): Promise<Account> {
    const account = await this.#repoIn(within).findById(id);
    if (account === undefined) throw new AccountNotFoundError(`no account with id ${id}`);
    return account;
  }

  async byEmail(email: string): Promise<Account> {
    const account = await this.#repo.findByEmail(normaliseEmail(email));
    if (account === undefined) throw new AccountNotFoundError(`no account with email ${email.trim().toLowerCase()}`);
    return account;
  }

  /** Every key of the account takes the new plan on its next request, in every process. */
  async setPlan(id: string, plan: string): Promise<Account> {
    this.#checkPlan(plan);
    await this.#repo.changeVersioned((repo) => this.#require(repo.update(id, { plan }), id));
    return this.get(id);
  }

  /** A disabled account's keys get 401 and its sessions end; enabling restores the keys. */
  async setStatus(id: string, status: AccountStatus): Promise<Account> {
    await this.#repo.changeVersioned(async (repo) => {
      await this.#require(repo.update(id, { status }), id);
      if (status === 'disabled') await repo.endSessions(id);
    });
    return this.get(id);
  }

  /** Sets a new password (chosen by the hub unless given) and ends the account's sessions. */
  async resetPassword(id: string, password?: string): Promise<AccountWithPassword> {
    if (password !== undefined) checkPassword(password);
    const chosen = password ?? generatePassword();
    const passwordHash = await hashPassword(chosen);
    await this.#require(this.#repo.update(id, { password_hash: passwordHash }), id);
    await this.#repo.endSessions(id);
    return { account: await this.get(id), password: password === undefined ? chosen : null };
  }

  /**
   * The active account these credentials sign in to, or undefined. Takes the time of a full
   * password check whether or not the account exists.
   */
  async verifyCredentials(email: string, password: string): Promise<Account | undefined> {
    let normal: string;
    try {
      normal = normaliseEmail(email);
    } catch {
      return verifyNothing(password).then(() => undefined);
    }
    const found = await this.#repo.findCredentials(normal);
    const hash = found?.passwordHash ?? null;
    const ok = hash === null ? await verifyNothing(password) : await verifyPassword(password, hash);
    return ok && found?.account.status === 'active' ? found.account : undefined;
  }

  /** The service account of a plan, made on first use. */
  async serviceAccountFor(plan: string, within?: Transaction<Database>): Promise<Account> {
    this.#checkPlan(plan);
    const repo = this.#repoIn(within);
    const id = serviceAccountId(plan);
    const existing = await repo.findById(id);
    if (existing !== undefined) {
      // An operator moved it: its keys follow the account, not the plan named in its id.
      if (existing.plan !== plan) throw new AccountInputError(`the service account of plan ${plan} (${existing.email}) is now on plan ${existing.plan}; use --account`);
      return existing;
    }
    try {
      await repo.insert({
        id,
        email: `service+${plan}@accounts.invalid`,
        name: `Service account (plan ${plan})`,
        password_hash: null,
        role: 'member',
        plan,
        status: 'active',
        created_at: this.#clock.now().toISOString(),
      });
    } catch (error) {
      // Made by another process meanwhile.
      if (within !== undefined || (await repo.findById(id)) === undefined) throw error;
    }
    return this.get(id, within);
  }

  #repoIn(within: Transaction<Database> | undefined): AccountsRepo {
    return within === undefined ? this.#repo : new AccountsRepo(within);
  }

  #checkPlan(plan: string): void {
    if (this.#plans.plan(plan) === undefined) throw new AccountInputError(`unknown plan "${plan}"; plans: ${this.#plans.names().join(', ')}`);
  }

  async #require(updated: Promise<boolean>, id: string): Promise<void> {
    if (!(await updated)) throw new AccountNotFoundError(`no account with id ${id}`);
  }
}
