import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Plans } from '../edge/auth/plans.ts';
import { randomBase62 } from '../edge/auth/api-key.ts';
import { AccountsRepo, type Account, type AccountStatus, type Role } from './accounts.repo.ts';
import { AccountInputError, AccountNotFoundError, EmailTakenError, WeakPasswordError, WrongPasswordError } from './errors.ts';
import { generatePassword, hashPassword, verifyNothing, verifyPassword } from './password.ts';
import { checkPasswordPolicy } from './password-policy.ts';
import { mixedScriptPart } from '../kernel/email-skeleton.ts';
import { SYSTEM_ACTOR, type Actor, type AuditService } from './audit.service.ts';

export interface NewAccount {
  email: string;
  name?: string | undefined;
  role?: Role | undefined;
  plan: string;
  /** Absent: the hub chooses one and returns it once. */
  password?: string | undefined;
  by?: Actor | undefined;
}

export interface AccountWithPassword {
  account: Account;
  /** The password the hub chose: shown once, never stored. Null when the caller chose it. */
  password: string | null;
}

/**
 * An address as people type them: a local part of letters, digits and the usual punctuation,
 * and a domain of dot-separated labels. Narrower than RFC 5322 on purpose: no quotes, brackets
 * or angle brackets, so an email is never markup.
 */
const EMAIL = /^[\p{L}\p{N}.!#$%&'*+=?^_`{|}~-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}$/u;
const MAX_EMAIL_LENGTH = 254;
export const ROLES: readonly Role[] = ['admin', 'member'];

/**
 * Emails compare after NFKC and without case: `Ann@Example.com`, `ann@example.com` and
 * `ａnn@example.com` (a full-width a) are one account.
 */
export function normaliseEmail(email: string): string {
  const normal = email.normalize('NFKC').trim().toLowerCase();
  if (normal.length > MAX_EMAIL_LENGTH || !EMAIL.test(normal)) throw new AccountInputError(`email must be an email address (got "${email}")`);
  return normal;
}

/** A service key's own account (`fdh keys create --plan P`; migration 0018 for older keys). */
function serviceAccountId(): string {
  return `acc_svc_${randomBase62(16)}`;
}

/** Unique because the id is; `.invalid` (RFC 2606) is never anyone's mailbox. */
function serviceAccountEmail(id: string): string {
  return `service+${id.toLowerCase()}@accounts.invalid`;
}

/**
 * Accounts: who owns keys, on which plan, and who may sign in to the dashboard. A change of
 * plan or status bumps the `accounts` version so every process applies it on the next request.
 */
export class AccountsService {
  readonly #repo: AccountsRepo;
  readonly #plans: Plans;
  readonly #clock: Clock;
  readonly #audit: AuditService;

  constructor(options: { repo: AccountsRepo; plans: Plans; clock: Clock; audit: AuditService }) {
    this.#repo = options.repo;
    this.#plans = options.plans;
    this.#clock = options.clock;
    this.#audit = options.audit;
  }

  /**
   * `within`: a transaction of the caller's to write it in, so the account commits (or not) with
   * the caller's other writes. The audit row is written in the same transaction as the account.
   */
  async create(input: NewAccount, within?: Transaction<Database>): Promise<AccountWithPassword> {
    const email = normaliseEmail(input.email);
    this.#checkPlan(input.plan);
    const role = input.role ?? 'member';
    if (!ROLES.includes(role)) throw new AccountInputError(`role must be admin or member (got "${String(role)}")`);
    if (input.password !== undefined) await checkPasswordPolicy(input.password, { email, name: input.name });
    const password = input.password ?? generatePassword();
    await this.#checkNotTaken(this.#repoIn(within), email);
    // Hashed before any transaction opens: scrypt takes a while, and SQLite has one writer.
    const passwordHash = await hashPassword(password);
    const id = `acc_${randomBase62(16)}`;
    const name = input.name?.trim() || null;
    const write = async (trx: Transaction<Database>): Promise<Account> => {
      await new AccountsRepo(trx).insert({
        id,
        email,
        name,
        password_hash: passwordHash,
        role,
        plan: input.plan,
        status: 'active',
        created_at: this.#clock.now().toISOString(),
        must_change_password: input.password === undefined ? 1 : 0,
      });
      const account = await this.get(id, trx);
      await this.#audit.record(
        {
          action: 'account.create',
          by: input.by ?? SYSTEM_ACTOR,
          account,
          detail: { role, plan: input.plan, passwordChosenBy: input.password === undefined ? 'hub' : 'operator' },
        },
        trx,
      );
      return account;
    };
    let account: Account;
    if (within !== undefined) {
      account = await write(within);
    } else {
      try {
        account = await this.#repo.transaction((_repo, trx) => write(trx));
      } catch (error) {
        // Another process created the same email between the check and the insert.
        await this.#checkNotTaken(this.#repo, email);
        throw error;
      }
    }
    return { account, password: input.password === undefined ? password : null };
  }

  list(): ReturnType<AccountsRepo['list']> {
    return this.#repo.list();
  }

  async get(id: string, within?: Transaction<Database>): Promise<Account> {
    const account = await this.#repoIn(within).findById(id);
    if (account === undefined) throw new AccountNotFoundError(`no account with id ${id}`);
    return account;
  }

  /** The account of a normalised email, if there is one. */
  find(normalisedEmail: string): Promise<Account | undefined> {
    return this.#repo.findByEmail(normalisedEmail);
  }

  async byEmail(email: string): Promise<Account> {
    const account = await this.#repo.findByEmail(normaliseEmail(email));
    if (account === undefined) throw new AccountNotFoundError(`no account with email ${email.trim().toLowerCase()}`);
    return account;
  }

  /** Every key of the account takes the new plan on its next request, in every process. */
  async setPlan(id: string, plan: string, by: Actor = SYSTEM_ACTOR): Promise<Account> {
    this.#checkPlan(plan);
    return this.#repo.changeVersioned(async (repo, trx) => {
      const before = await this.get(id, trx);
      await this.#require(repo.update(id, { plan }), id);
      const account = await this.get(id, trx);
      await this.#audit.record({ action: 'account.plan', by, account, target: plan, detail: { from: before.plan } }, trx);
      return account;
    });
  }

  /** A disabled account's keys get 401 and its sessions end; enabling restores the keys. */
  async setStatus(id: string, status: AccountStatus, by: Actor = SYSTEM_ACTOR): Promise<Account> {
    return this.#repo.changeVersioned(async (repo, trx) => {
      await this.#require(repo.update(id, { status }), id);
      if (status === 'disabled') await repo.endSessions(id);
      const account = await this.get(id, trx);
      await this.#audit.record({ action: status === 'disabled' ? 'account.disable' : 'account.enable', by, account }, trx);
      return account;
    });
  }

  /**
   * Sets a new password and ends the account's sessions. One the hub chooses (none given) must
   * be changed at the next sign-in; one the operator gives need not be.
   */
  async resetPassword(id: string, password?: string, by: Actor = SYSTEM_ACTOR): Promise<AccountWithPassword> {
    if (password !== undefined) {
      const account = await this.get(id);
      await checkPasswordPolicy(password, { email: account.email, name: account.name });
    }
    const chosen = password ?? generatePassword();
    const passwordHash = await hashPassword(chosen);
    const account = await this.#repo.transaction(async (repo, trx) => {
      await this.#require(repo.update(id, { password_hash: passwordHash, must_change_password: password === undefined ? 1 : 0 }), id);
      await repo.endSessions(id);
      const changed = await this.get(id, trx);
      await this.#audit.record(
        { action: 'account.password-reset', by, account: changed, detail: { passwordChosenBy: password === undefined ? 'hub' : 'operator' } },
        trx,
      );
      return changed;
    });
    return { account, password: password === undefined ? chosen : null };
  }

  /**
   * The account holder's own change: the current password must match, the new one pass the
   * policy and differ from it. Every other session of the account ends; `keepSession` (the
   * token hash of the session asking) stays.
   */
  async changePassword(id: string, change: { currentPassword: string; newPassword: string; keepSession?: string }, by: Actor): Promise<Account> {
    const stored = await this.#repo.passwordHashOf(id);
    if (stored === undefined) throw new AccountNotFoundError(`no account with id ${id}`);
    const matches = stored === null ? await verifyNothing(change.currentPassword) : await verifyPassword(change.currentPassword, stored);
    if (!matches) {
      // A wrong current password from a signed-in session is someone at an unattended browser
      // guessing, or a stolen session: the trail shows it (nothing else is written).
      await this.#audit.record({ action: 'password.change-refused', by, account: await this.get(id), detail: { reason: 'wrong current password' } });
      throw new WrongPasswordError('currentPassword is not the account’s password');
    }
    const holder = await this.get(id);
    await checkPasswordPolicy(change.newPassword, { email: holder.email, name: holder.name });
    if (change.newPassword === change.currentPassword) throw new WeakPasswordError('newPassword must differ from currentPassword');
    const passwordHash = await hashPassword(change.newPassword);
    return this.#repo.transaction(async (repo, trx) => {
      await this.#require(repo.update(id, { password_hash: passwordHash, must_change_password: 0 }), id);
      await repo.endSessions(id, change.keepSession);
      const account = await this.get(id, trx);
      await this.#audit.record({ action: 'account.password-change', by, account }, trx);
      return account;
    });
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

  /**
   * A new service account of `plan` for one service key (`fdh keys create --plan P`): no
   * password, so nobody signs in as it. One per key, so a service key is its own tenant, with
   * its own budget and key cap; its rotations stay in it.
   */
  async createServiceAccount(input: { plan: string; keyName?: string | undefined }, within: Transaction<Database>): Promise<Account> {
    this.#checkPlan(input.plan);
    const id = serviceAccountId();
    const keyName = input.keyName?.trim();
    await new AccountsRepo(within).insert({
      id,
      email: serviceAccountEmail(id),
      name: `Service account (plan ${input.plan}${keyName ? `, key ${keyName}` : ''})`,
      password_hash: null,
      role: 'member',
      plan: input.plan,
      status: 'active',
      created_at: this.#clock.now().toISOString(),
      must_change_password: 0,
    });
    return this.get(id, within);
  }

  /** Refuses an email that is, or looks like, an existing account's (src/kernel/email-skeleton.ts). */
  async #checkNotTaken(repo: AccountsRepo, email: string): Promise<void> {
    const mixed = mixedScriptPart(email);
    if (mixed !== undefined) throw new AccountInputError(`email must not mix Latin letters with look-alike letters of another script in one part ("${mixed}")`);
    const existing = (await repo.findByEmail(email)) ?? (await repo.findByEmailSkeleton(email));
    if (existing === undefined) return;
    if (existing.email === email) throw new EmailTakenError(`an account with email ${email} already exists`);
    throw new EmailTakenError(`email ${email} looks like the email of an existing account (${existing.email})`);
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
