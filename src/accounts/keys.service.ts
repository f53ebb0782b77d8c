import type { Clock } from '../kernel/clock.ts';
import type { VersionWatcher } from '../kernel/version-watcher.ts';
import { andThen, type MaybePromise } from '../kernel/maybe-promise.ts';
import type { AccountsService } from './accounts.service.ts';
import { displayPrefixOf, generateApiKey, hashApiKey, hashesEqual, isWellFormedApiKey, randomBase62 } from '../edge/auth/api-key.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { FEATURE_CODES, type Plans } from '../edge/auth/plans.ts';
import type { Account } from './accounts.repo.ts';
import { SYSTEM_ACTOR, type Actor, type AuditAction, type AuditService } from './audit.service.ts';
import { InvalidInputError, NotFoundError } from '../kernel/domain-errors.ts';
import { KeysRepo, type ApiKeySummary, type NewApiKey } from './keys.repo.ts';
import type { ApiKeyRecord } from '../edge/auth/key-record.ts';

export interface CreateKeyInput {
  /**
   * The owning account; or `plan`, for a service key: a new service account of that plan is
   * made for the key alone, so it has its own budget and cap (no other tenant shares them).
   */
  accountId?: string | undefined;
  plan?: string | undefined;
  name?: string | undefined;
  scopes?: string[] | undefined;
  expiresAt?: string | undefined;
  /** Weight per minute this key may use of its account's budget; absent: the account's whole budget. */
  budget?: number | undefined;
  /** Who asked, for the audit trail (the hub itself when absent). */
  by?: Actor | undefined;
}

/** A key as created: its summary and the secret, which is shown once and never stored. */
export interface CreatedKey extends ApiKeySummary {
  key: string;
}

export type KeyStatus = 'active' | 'disabled' | 'revoked' | 'expired';

/** Input an operator or a dashboard user can fix: the CLI exits 2, the edge answers 400. */
export class KeyInputError extends InvalidInputError {}

/** No such key, or not one of the caller's account. */
export class KeyNotFoundError extends NotFoundError {}

/** The account already holds as many live keys as its plan allows. */
export class KeyCapError extends KeyInputError {}

/** The longest a rotated key may keep working beside its replacement. */
export const MAX_ROTATION_GRACE_SECONDS = 24 * 60 * 60;

export function statusOf(key: Pick<ApiKeySummary, 'disabledAt' | 'revokedAt' | 'expiresAt' | 'graceEndsAt'>, now: Date): KeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.disabledAt !== null) return 'disabled';
  const ended = (at: string | null) => at !== null && Date.parse(at) <= now.getTime();
  if (ended(key.expiresAt) || ended(key.graceEndsAt)) return 'expired';
  return 'active';
}

/**
 * How long an authenticated key is trusted before the store is asked again. Changes to keys and
 * accounts bump the `accounts` version and apply on the next request in every process (within
 * the version watcher's delay); this bounds what a write outside the services could leave stale.
 */
export const KEY_RECHECK_MS = 1000;
const KEY_CACHE_LIMIT = 10_000;

interface TrustedKey {
  record: ApiKeyRecord;
  checkedAtMs: number;
  /** The `accounts` version read before the record: a later change makes the record stale. */
  accountsVersion: number;
}

/** Who may act on a key: an account (the dashboard) or the operator (the CLI, any key); and who asked, for the audit trail. */
export interface KeyActor {
  accountId?: string | undefined;
  by?: Actor | undefined;
}

export interface KeysServiceOptions {
  repo: KeysRepo;
  accounts: AccountsService;
  plans: Plans;
  clock: Clock;
  versions: VersionWatcher;
  audit: AuditService;
}

export class KeysService {
  readonly #trusted = new Map<string, TrustedKey>();
  readonly #repo: KeysRepo;
  readonly #accounts: AccountsService;
  readonly #plans: Plans;
  readonly #clock: Clock;
  readonly #versions: VersionWatcher;
  readonly #audit: AuditService;

  constructor(options: KeysServiceOptions) {
    this.#audit = options.audit;
    this.#repo = options.repo;
    this.#accounts = options.accounts;
    this.#plans = options.plans;
    this.#clock = options.clock;
    this.#versions = options.versions;
  }

  /**
   * Creates a key. `within`: a transaction of the caller's to write it in, so the key commits
   * (or not) with the caller's other writes.
   */
  async create(input: CreateKeyInput, within?: Transaction<Database>): Promise<CreatedKey> {
    if (within === undefined) return this.#repo.transaction((trx) => this.create(input, trx));
    const repo = new KeysRepo(within);
    const owner = await this.#ownerOf(input, within);
    const scopes = input.scopes === undefined || input.scopes.length === 0 ? null : [...new Set(input.scopes)];
    for (const scope of scopes ?? []) {
      if (!(FEATURE_CODES as readonly string[]).includes(scope)) {
        throw new KeyInputError(`unknown scope "${scope}"; scopes are feature codes: ${FEATURE_CODES.join(', ')}`);
      }
    }
    let expiresAt: string | null = null;
    if (input.expiresAt !== undefined) {
      const ms = Date.parse(input.expiresAt);
      if (Number.isNaN(ms)) throw new KeyInputError(`expiresAt must be an ISO 8601 date-time (got "${input.expiresAt}")`);
      expiresAt = new Date(ms).toISOString();
    }
    const plan = this.#plans.plan(owner.plan);
    const budget = input.budget ?? null;
    if (budget !== null && (!Number.isInteger(budget) || budget < 1 || (plan !== undefined && budget > plan.budget))) {
      throw new KeyInputError(`budget must be an integer from 1 to the plan's ${plan?.budget ?? '?'} per minute (got ${budget})`);
    }
    await repo.lockAccount(owner.id);
    const live = await repo.countLive(owner.id, this.#clock.now().toISOString());
    if (plan !== undefined && live >= plan.maxKeys) {
      throw new KeyCapError(`plan ${plan.name} allows ${plan.maxKeys} live keys per account and ${owner.email} has ${live}; revoke one first`);
    }
    const name = input.name?.trim() || null;
    const { key, record } = this.#newKey({ accountId: owner.id, name, scopes, expiresAt, budget });
    await repo.insert(record);
    await this.#audit.record({ action: 'key.create', by: input.by ?? SYSTEM_ACTOR, account: owner, target: record.id, detail: { name, budget } }, within);
    return { ...(await this.#require(record.id, {}, repo)), key };
  }

  /** Every key (the operator), or one account's. */
  list(accountId?: string): Promise<ApiKeySummary[]> {
    return this.#repo.list(accountId);
  }

  disable(id: string, actor: KeyActor = {}): Promise<ApiKeySummary> {
    return this.#change(id, actor, 'key.disable', { disabled_at: this.#clock.now().toISOString() });
  }

  async enable(id: string, actor: KeyActor = {}): Promise<ApiKeySummary> {
    return this.#change(id, actor, 'key.enable', { disabled_at: null }, (key) => {
      if (key.revokedAt !== null) throw new KeyInputError(`key ${id} is revoked; a revoked key cannot be enabled`);
    });
  }

  revoke(id: string, actor: KeyActor = {}): Promise<ApiKeySummary> {
    return this.#change(id, actor, 'key.revoke', { revoked_at: this.#clock.now().toISOString() });
  }

  /**
   * A new secret for the key's holder: a new key with the same account, name, scopes, budget and
   * own expiry, in one transaction with the end of the old one, which is refused from its next
   * request or, with a grace, once the grace is over. The grace is kept apart from the expiry,
   * so rotating a key within its grace gives the new key the key's own expiry, not the grace's end.
   */
  async rotate(id: string, options: KeyActor & { graceSeconds?: number | undefined } = {}): Promise<CreatedKey> {
    const grace = options.graceSeconds ?? 0;
    if (!Number.isInteger(grace) || grace < 0 || grace > MAX_ROTATION_GRACE_SECONDS) {
      throw new KeyInputError(`graceSeconds must be an integer from 0 to ${MAX_ROTATION_GRACE_SECONDS}`);
    }
    const { record, key } = await this.#repo.changeVersioned(async (repo, trx) => {
      const found = await this.#require(id, options, repo);
      // The account's lock, as `create` takes it: the count below and the insert are not
      // interleaved with another creation or rotation of the same account's keys.
      await repo.lockAccount(found.accountId);
      // Read again under the lock: a rotation that committed meanwhile has ended this key.
      const old = await this.#require(id, options, repo);
      const now = this.#clock.now();
      if (statusOf(old, now) !== 'active') throw new KeyInputError(`key ${id} is ${statusOf(old, now)}; only an active key can be rotated`);
      const owner = await this.#accounts.get(old.accountId, trx);
      // A rotation with a grace leaves the old key live beside the new one until the grace ends,
      // so it counts against the cap like a created key: at the cap it is refused (rotating
      // without a grace, which ends the old key at once, is still allowed, so a leaked key can
      // always be replaced). Counting rather than shortening the grace keeps the promise the
      // grace makes to the holder: the old key works until the time they were told.
      const plan = this.#plans.plan(owner.plan);
      if (grace > 0 && plan !== undefined) {
        const live = await repo.countLive(owner.id, now.toISOString());
        if (live >= plan.maxKeys) {
          throw new KeyCapError(
            `plan ${plan.name} allows ${plan.maxKeys} live keys per account and ${owner.email} has ${live}; a rotation with a grace keeps the old key live until the grace ends, so rotate without a grace or revoke a key first`,
          );
        }
      }
      const made = this.#newKey({ accountId: old.accountId, name: old.name, scopes: old.scopes, expiresAt: old.expiresAt, budget: old.budget });
      const graceEnd = new Date(now.getTime() + grace * 1000).toISOString();
      // A second rotation within the grace never lengthens it.
      const end =
        grace === 0
          ? { revoked_at: now.toISOString() }
          : { grace_ends_at: old.graceEndsAt !== null && old.graceEndsAt < graceEnd ? old.graceEndsAt : graceEnd };
      await repo.insert(made.record);
      await repo.setLifecycle(id, { ...end, replaced_by: made.record.id });
      await this.#audit.record(
        { action: 'key.rotate', by: options.by ?? SYSTEM_ACTOR, account: owner, target: id, detail: { replacement: made.record.id, graceSeconds: grace } },
        trx,
      );
      return made;
    });
    return { ...(await this.#require(record.id, options)), key };
  }

  /**
   * The key behind a presented secret, if it is well formed, known and active and its account
   * is active. A key this process checked against the store less than KEY_RECHECK_MS ago, with
   * no change to keys or accounts announced since, is not looked up again. Malformed strings
   * are rejected before any store query; candidates are compared in constant time. `now` is
   * the instant of the request, against which expiry is judged.
   */
  authenticate(presented: string, now: Date): MaybePromise<ApiKeyRecord | undefined> {
    const hash = hashApiKey(presented);
    const nowMs = performance.now();
    // Read before the key, so a record is never filed under a version newer than it.
    return andThen(this.#versions.current(), ({ accounts: accountsVersion }) => {
      const trusted = this.#trusted.get(hash);
      if (trusted !== undefined && trusted.accountsVersion === accountsVersion && nowMs - trusted.checkedAtMs < KEY_RECHECK_MS) {
        return this.#activeOrUndefined(trusted.record, now);
      }
      return this.#lookUpAndTrust(presented, hash, now, { checkedAtMs: nowMs, accountsVersion });
    });
  }

  async #lookUpAndTrust(presented: string, hash: string, now: Date, checked: Omit<TrustedKey, 'record'>): Promise<ApiKeyRecord | undefined> {
    if (!isWellFormedApiKey(presented)) return undefined;
    const record = await this.#lookup(presented, hash);
    if (record === undefined) {
      this.#trusted.delete(hash);
      return undefined;
    }
    if (this.#trusted.size >= KEY_CACHE_LIMIT) this.#trusted.clear();
    this.#trusted.set(hash, { record, ...checked });
    return this.#activeOrUndefined(record, now);
  }

  /** Expiry is checked on every request: it needs no store, only the clock. */
  #activeOrUndefined(record: ApiKeyRecord, now: Date): ApiKeyRecord | undefined {
    return record.accountActive && statusOf(record, now) === 'active' ? record : undefined;
  }

  async #lookup(presented: string, hash: string): Promise<ApiKeyRecord | undefined> {
    const candidates = await this.#repo.findByPrefix(displayPrefixOf(presented));
    let match: ApiKeyRecord | undefined;
    for (const candidate of candidates) if (hashesEqual(candidate.hash, hash)) match = candidate;
    return match;
  }

  async #ownerOf(input: CreateKeyInput, within: Transaction<Database>): Promise<Account> {
    if ((input.accountId === undefined) === (input.plan === undefined)) throw new KeyInputError('a key needs an account or a plan (not both)');
    if (input.plan !== undefined) return this.#accounts.createServiceAccount({ plan: input.plan, keyName: input.name }, within);
    return this.#accounts.get(input.accountId ?? '', within);
  }

  #newKey(owner: Pick<NewApiKey, 'accountId' | 'name' | 'scopes' | 'expiresAt' | 'budget'>): { key: string; record: NewApiKey } {
    const key = generateApiKey();
    const record: NewApiKey = {
      ...owner,
      id: `key_${randomBase62(16)}`,
      prefix: displayPrefixOf(key),
      hash: hashApiKey(key),
      createdAt: this.#clock.now().toISOString(),
    };
    return { key, record };
  }

  /** The key, if it exists and the actor may act on it; one answer for both, so ids of other accounts' keys are not revealed. */
  async #require(id: string, actor: Pick<KeyActor, 'accountId'>, repo: KeysRepo = this.#repo): Promise<ApiKeySummary> {
    const key = await repo.findById(id);
    if (key === undefined || (actor.accountId !== undefined && key.accountId !== actor.accountId)) throw new KeyNotFoundError(`no key with id ${id}`);
    return key;
  }

  /** Changes the key and writes its audit row in one transaction: both commit, or neither. */
  async #change(
    id: string,
    actor: KeyActor,
    action: AuditAction,
    change: Parameters<KeysRepo['setLifecycle']>[1],
    guard: (key: ApiKeySummary) => void = () => undefined,
  ): Promise<ApiKeySummary> {
    return this.#repo.changeVersioned(async (repo, trx) => {
      guard(await this.#require(id, actor, repo));
      await repo.setLifecycle(id, change);
      const key = await this.#require(id, {}, repo);
      await this.#audit.record({ action, by: actor.by ?? SYSTEM_ACTOR, account: await this.#accounts.get(key.accountId, trx), target: id }, trx);
      return key;
    });
  }
}
