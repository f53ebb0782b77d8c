import type { Clock } from '../clock.ts';
import type { VersionWatcher } from '../data-version/version-watcher.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import {
  displayPrefixOf,
  generateApiKey,
  hashApiKey,
  hashesEqual,
  isWellFormedApiKey,
  randomBase62,
} from './api-key.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { FEATURE_CODES, type FeatureCode } from './plans.ts';
import { InvalidInputError, NotFoundError } from '../domain-errors.ts';
import { KeysRepo, type ApiKeyRecord, type ApiKeySummary, type NewApiKey } from './keys.repo.ts';

export interface CreateKeyInput {
  /** The owning account; or `plan`, for the service account of that plan. */
  accountId?: string | undefined;
  plan?: string | undefined;
  name?: string | undefined;
  scopes?: string[] | undefined;
  expiresAt?: string | undefined;
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

/** The longest a rotated key may keep working beside its replacement. */
export const MAX_ROTATION_GRACE_SECONDS = 24 * 60 * 60;

export function statusOf(key: Pick<ApiKeySummary, 'disabledAt' | 'revokedAt' | 'expiresAt'>, now: Date): KeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.disabledAt !== null) return 'disabled';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
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

/** Who may act on a key: an account (the dashboard) or the operator (the CLI, any key). */
export interface KeyActor {
  accountId?: string | undefined;
}

export interface KeysServiceOptions {
  repo: KeysRepo;
  accounts: AccountsService;
  clock: Clock;
  versions: VersionWatcher;
}

export class KeysService {
  readonly #trusted = new Map<string, TrustedKey>();
  readonly #repo: KeysRepo;
  readonly #accounts: AccountsService;
  readonly #clock: Clock;
  readonly #versions: VersionWatcher;

  constructor(options: KeysServiceOptions) {
    this.#repo = options.repo;
    this.#accounts = options.accounts;
    this.#clock = options.clock;
    this.#versions = options.versions;
  }

  /**
   * Creates a key. `within`: a transaction of the caller's to write it in, so the key commits
   * (or not) with the caller's other writes.
   */
  async create(input: CreateKeyInput, within?: Transaction<Database>): Promise<CreatedKey> {
    const repo = within === undefined ? this.#repo : new KeysRepo(within);
    const accountId = await this.#ownerOf(input, within);
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
    const name = input.name?.trim() || null;
    const { key, record } = this.#newKey({ accountId, name, scopes, expiresAt });
    await repo.insert(record);
    return { ...(await this.#require(record.id, {}, repo)), key };
  }

  /** Every key (the operator), or one account's. */
  list(accountId?: string): Promise<ApiKeySummary[]> {
    return this.#repo.list(accountId);
  }

  disable(id: string, actor: KeyActor = {}): Promise<ApiKeySummary> {
    return this.#change(id, actor, { disabled_at: this.#clock.now().toISOString() });
  }

  async enable(id: string, actor: KeyActor = {}): Promise<ApiKeySummary> {
    const key = await this.#require(id, actor);
    if (key.revokedAt !== null) throw new KeyInputError(`key ${id} is revoked; a revoked key cannot be enabled`);
    return this.#change(id, actor, { disabled_at: null });
  }

  revoke(id: string, actor: KeyActor = {}): Promise<ApiKeySummary> {
    return this.#change(id, actor, { revoked_at: this.#clock.now().toISOString() });
  }

  /**
   * A new secret for the key's holder: a new key with the same account, name, scopes and expiry,
   * in one transaction with the end of the old one, which is refused from its next request or,
   * with a grace, once the grace is over (its expiry is brought forward).
   */
  async rotate(id: string, options: KeyActor & { graceSeconds?: number | undefined } = {}): Promise<CreatedKey> {
    const grace = options.graceSeconds ?? 0;
    if (!Number.isInteger(grace) || grace < 0 || grace > MAX_ROTATION_GRACE_SECONDS) {
      throw new KeyInputError(`graceSeconds must be an integer from 0 to ${MAX_ROTATION_GRACE_SECONDS}`);
    }
    const old = await this.#require(id, options);
    const now = this.#clock.now();
    if (statusOf(old, now) !== 'active') throw new KeyInputError(`key ${id} is ${statusOf(old, now)}; only an active key can be rotated`);
    const { key, record } = this.#newKey({ accountId: old.accountId, name: old.name, scopes: old.scopes, expiresAt: old.expiresAt });
    const graceEnd = new Date(now.getTime() + grace * 1000).toISOString();
    const end =
      grace === 0
        ? { revoked_at: now.toISOString() }
        : { expires_at: old.expiresAt !== null && old.expiresAt < graceEnd ? old.expiresAt : graceEnd };
    await this.#repo.changeVersioned(async (repo) => {
      await repo.insert(record);
      await repo.setLifecycle(id, end);
    });
    return { ...(await this.#require(record.id)), key };
  }

  /**
   * The key behind a presented secret, if it is well formed, known and active and its account
   * is active. A key this process checked against the store less than KEY_RECHECK_MS ago, with
   * no change to keys or accounts announced since, is not looked up again. Malformed strings
   * are rejected before any store query; candidates are compared in constant time. `now` is
   * the instant of the request, against which expiry is judged.
   */
  async authenticate(presented: string, now: Date): Promise<ApiKeyRecord | undefined> {
    const hash = hashApiKey(presented);
    const nowMs = performance.now();
    // Read before the key, so a record is never filed under a version newer than it.
    const { accounts: accountsVersion } = await this.#versions.current();
    const trusted = this.#trusted.get(hash);
    if (trusted !== undefined && trusted.accountsVersion === accountsVersion && nowMs - trusted.checkedAtMs < KEY_RECHECK_MS) {
      return this.#activeOrUndefined(trusted.record, now);
    }
    if (!isWellFormedApiKey(presented)) return undefined;
    const record = await this.#lookup(presented, hash);
    if (record === undefined) {
      this.#trusted.delete(hash);
      return undefined;
    }
    if (this.#trusted.size >= KEY_CACHE_LIMIT) this.#trusted.clear();
    this.#trusted.set(hash, { record, checkedAtMs: nowMs, accountsVersion });
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

  async #ownerOf(input: CreateKeyInput, within: Transaction<Database> | undefined): Promise<string> {
    if ((input.accountId === undefined) === (input.plan === undefined)) throw new KeyInputError('a key needs an account or a plan (not both)');
    if (input.plan !== undefined) return (await this.#accounts.serviceAccountFor(input.plan, within)).id;
    return (await this.#accounts.get(input.accountId ?? '', within)).id;
  }

  #newKey(owner: Pick<NewApiKey, 'accountId' | 'name' | 'scopes' | 'expiresAt'>): { key: string; record: NewApiKey } {
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
  async #require(id: string, actor: KeyActor = {}, repo: KeysRepo = this.#repo): Promise<ApiKeySummary> {
    const key = await repo.findById(id);
    if (key === undefined || (actor.accountId !== undefined && key.accountId !== actor.accountId)) throw new KeyNotFoundError(`no key with id ${id}`);
    return key;
  }

  async #change(id: string, actor: KeyActor, change: Parameters<KeysRepo['setLifecycle']>[1]): Promise<ApiKeySummary> {
    await this.#require(id, actor);
    await this.#repo.changeVersioned((repo) => repo.setLifecycle(id, change));
    return this.#require(id);
  }
}

/** The features a key may use: its plan's, narrowed by its scopes when it has any. */
export function grantedFeatures(planFeatures: ReadonlySet<FeatureCode>, scopes: string[] | null): FeatureCode[] {
  const features = [...planFeatures];
  return scopes === null ? features : features.filter((f) => scopes.includes(f));
}
