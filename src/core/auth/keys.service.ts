import type { Clock } from '../clock.ts';
import {
  displayPrefixOf,
  generateApiKey,
  hashApiKey,
  hashesEqual,
  isWellFormedApiKey,
  randomBase62,
} from './api-key.ts';
import { FEATURE_CODES, type FeatureCode, type Plans } from './plans.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { KeysRepo, type ApiKeyRecord, type ApiKeySummary } from './keys.repo.ts';

export interface CreateKeyInput {
  plan: string;
  name?: string | undefined;
  scopes?: string[] | undefined;
  expiresAt?: string | undefined;
}

export interface CreatedKey {
  id: string;
  /** The secret: shown once, never stored. */
  key: string;
  plan: string;
  scopes: string[] | null;
  expiresAt: string | null;
}

export type KeyStatus = 'active' | 'disabled' | 'revoked' | 'expired';

export class KeyInputError extends Error {}

export function statusOf(key: Pick<ApiKeySummary, 'disabledAt' | 'revokedAt' | 'expiresAt'>, now: Date): KeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.disabledAt !== null) return 'disabled';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * How long an authenticated key is trusted before the store is asked again. Changes made by
 * this process apply at once; changes made elsewhere (another process, `fdh keys`) within this.
 */
export const KEY_RECHECK_MS = 1000;
const KEY_CACHE_LIMIT = 10_000;

interface TrustedKey {
  record: ApiKeyRecord;
  checkedAtMs: number;
}

export class KeysService {
  readonly #trusted = new Map<string, TrustedKey>();
  readonly #repo: KeysRepo;
  readonly #plans: Plans;
  readonly #clock: Clock;

  constructor(repo: KeysRepo, plans: Plans, clock: Clock) {
    this.#repo = repo;
    this.#plans = plans;
    this.#clock = clock;
  }

  /**
   * Creates a key. `within`: a transaction of the caller's to write it in, so the key commits
   * (or not) with the caller's other writes.
   */
  async create(input: CreateKeyInput, within?: Transaction<Database>): Promise<CreatedKey> {
    if (this.#plans.plan(input.plan) === undefined) {
      throw new KeyInputError(`unknown plan "${input.plan}"; plans: ${this.#plans.names().join(', ')}`);
    }
    const scopes = input.scopes === undefined || input.scopes.length === 0 ? null : [...new Set(input.scopes)];
    for (const scope of scopes ?? []) {
      if (!(FEATURE_CODES as readonly string[]).includes(scope)) {
        throw new KeyInputError(`unknown scope "${scope}"; scopes are feature codes: ${FEATURE_CODES.join(', ')}`);
      }
    }
    let expiresAt: string | null = null;
    if (input.expiresAt !== undefined) {
      const ms = Date.parse(input.expiresAt);
      if (Number.isNaN(ms)) throw new KeyInputError(`--expires-at must be an ISO 8601 date-time (got "${input.expiresAt}")`);
      expiresAt = new Date(ms).toISOString();
    }
    const key = generateApiKey();
    const record: ApiKeyRecord = {
      id: `key_${randomBase62(16)}`,
      prefix: displayPrefixOf(key),
      hash: hashApiKey(key),
      name: input.name ?? null,
      plan: input.plan,
      scopes,
      createdAt: this.#clock.now().toISOString(),
      expiresAt,
      disabledAt: null,
      revokedAt: null,
    };
    await (within === undefined ? this.#repo : new KeysRepo(within)).insert(record);
    return { id: record.id, key, plan: record.plan, scopes, expiresAt };
  }

  list(): Promise<ApiKeySummary[]> {
    return this.#repo.list();
  }

  async disable(id: string): Promise<ApiKeySummary> {
    return this.#change(id, { disabled_at: this.#clock.now().toISOString() });
  }

  async enable(id: string): Promise<ApiKeySummary> {
    const key = await this.#require(id);
    if (key.revokedAt !== null) throw new KeyInputError(`key ${id} is revoked; a revoked key cannot be enabled`);
    return this.#change(id, { disabled_at: null });
  }

  async revoke(id: string): Promise<ApiKeySummary> {
    return this.#change(id, { revoked_at: this.#clock.now().toISOString() });
  }

  /**
   * The key behind a presented secret, if it is well formed, known and active. A key this
   * process checked against the store less than KEY_RECHECK_MS ago is not looked up again.
   * Malformed strings are rejected before any store query; candidates are compared in constant
   * time. `now` is the instant of the request, against which expiry is judged.
   */
  async authenticate(presented: string, now: Date): Promise<ApiKeyRecord | undefined> {
    const hash = hashApiKey(presented);
    const nowMs = performance.now();
    const trusted = this.#trusted.get(hash);
    if (trusted !== undefined && nowMs - trusted.checkedAtMs < KEY_RECHECK_MS) return this.#activeOrUndefined(trusted.record, now);
    if (!isWellFormedApiKey(presented)) return undefined;
    const record = await this.#lookup(presented, hash);
    if (record === undefined) {
      this.#trusted.delete(hash);
      return undefined;
    }
    if (this.#trusted.size >= KEY_CACHE_LIMIT) this.#trusted.clear();
    this.#trusted.set(hash, { record, checkedAtMs: nowMs });
    return this.#activeOrUndefined(record, now);
  }

  /** Expiry is checked on every request: it needs no store, only the clock. */
  #activeOrUndefined(record: ApiKeyRecord, now: Date): ApiKeyRecord | undefined {
    return statusOf(record, now) === 'active' ? record : undefined;
  }

  async #lookup(presented: string, hash: string): Promise<ApiKeyRecord | undefined> {
    const candidates = await this.#repo.findByPrefix(displayPrefixOf(presented));
    let match: ApiKeyRecord | undefined;
    for (const candidate of candidates) if (hashesEqual(candidate.hash, hash)) match = candidate;
    return match;
  }

  async #require(id: string): Promise<ApiKeySummary> {
    const key = await this.#repo.findById(id);
    if (key === undefined) throw new KeyInputError(`no key with id ${id}`);
    return key;
  }

  async #change(id: string, change: Parameters<KeysRepo['setLifecycle']>[1]): Promise<ApiKeySummary> {
    if (!(await this.#repo.setLifecycle(id, change))) throw new KeyInputError(`no key with id ${id}`);
    for (const [hash, trusted] of this.#trusted) if (trusted.record.id === id) this.#trusted.delete(hash);
    return this.#require(id);
  }
}

/** The features a key may use: its plan's, narrowed by its scopes when it has any. */
export function grantedFeatures(planFeatures: ReadonlySet<FeatureCode>, scopes: string[] | null): FeatureCode[] {
  const features = [...planFeatures];
  return scopes === null ? features : features.filter((f) => scopes.includes(f));
}
