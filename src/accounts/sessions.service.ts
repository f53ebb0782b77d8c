import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Account, AccountsRepo } from './accounts.repo.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** The session cookie's name; the cookie holds the token, the store only its SHA-256. */
export const SESSION_COOKIE = 'fdh_session';

/**
 * A session's last-seen time is written at most this often (each write is a store round trip),
 * and at least six times per idle period, so the stored time never lags activity by more than a
 * third of it: a session used every few seconds never reaches its idle end.
 */
const MAX_TOUCH_EVERY_MS = 60_000;

export interface StartedSession {
  /** The cookie value: shown to the browser once, never stored. */
  token: string;
  csrfToken: string;
  expiresAt: string;
}

export interface ActiveSession {
  account: Account;
  csrfToken: string;
  /** When the session ends at the latest (idle expiry may end it sooner). */
  expiresAt: string;
  tokenHash: string;
}

const tokenHashOf = (token: string): string => hash('sha256', token, 'hex');

/**
 * The CSRF token of a session, derived from its secret token so nothing more is stored and a
 * page can be given it again after a reload. A cross-site page can neither read the cookie nor
 * this answer, so it cannot send the header.
 */
export function csrfTokenOf(token: string): string {
  return hash('sha256', `csrf:${token}`, 'base64url');
}

/** Constant-time comparison of a presented CSRF header with the session's token. */
export function csrfMatches(presented: string | string[] | undefined, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Dashboard sign-ins. A session ends after `idleMs` without a request, `maxMs` after sign-in,
 * at sign-out (its row is deleted), and when its account is disabled or its password reset.
 */
export class SessionsService {
  readonly #db: Kysely<Database>;
  readonly #accounts: AccountsRepo;
  readonly #clock: Clock;
  readonly #idleMs: number;
  readonly #maxMs: number;
  readonly #touchEveryMs: number;
  readonly #audit: AuditService;

  constructor(options: { db: Kysely<Database>; accounts: AccountsRepo; clock: Clock; idleMs: number; maxMs: number; audit: AuditService }) {
    this.#db = options.db;
    this.#audit = options.audit;
    this.#accounts = options.accounts;
    this.#clock = options.clock;
    this.#idleMs = options.idleMs;
    this.#maxMs = options.maxMs;
    this.#touchEveryMs = Math.min(MAX_TOUCH_EVERY_MS, options.idleMs / 6);
  }

  get maxAgeSeconds(): number {
    return Math.floor(this.#maxMs / 1000);
  }

  /** Starts a session of `account`; its `session.signin` audit row commits with it, or neither does. */
  async start(account: Pick<Account, 'id' | 'email'>, by: Actor): Promise<StartedSession> {
    const token = randomBytes(32).toString('base64url');
    const now = this.#clock.now();
    const expiresAt = new Date(now.getTime() + this.#maxMs).toISOString();
    await this.#db.transaction().execute(async (trx) => {
      // Sessions nobody came back to leave once past their absolute end.
      await trx.deleteFrom('session').where('expires_at', '<=', now.toISOString()).execute();
      await trx
        .insertInto('session')
        .values({
          token_hash: tokenHashOf(token),
          account_id: account.id,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: expiresAt,
        })
        .execute();
      await this.#audit.record({ action: 'session.signin', by, account }, trx);
    });
    return { token, csrfToken: csrfTokenOf(token), expiresAt };
  }

  /** The live session behind a cookie's token, or undefined (an expired one is deleted). */
  async resume(token: string): Promise<ActiveSession | undefined> {
    const tokenHash = tokenHashOf(token);
    const row = await this.#db.selectFrom('session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (row === undefined) return undefined;
    const nowMs = this.#clock.now().getTime();
    const lastSeenMs = Date.parse(row.last_seen_at);
    if (nowMs >= Date.parse(row.expires_at) || nowMs - lastSeenMs >= this.#idleMs) {
      await this.end(token);
      return undefined;
    }
    const account = await this.#accounts.findById(row.account_id);
    if (account === undefined || account.status !== 'active') return undefined;
    if (nowMs - lastSeenMs >= this.#touchEveryMs) {
      await this.#db
        .updateTable('session')
        .set({ last_seen_at: new Date(nowMs).toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return { account, csrfToken: csrfTokenOf(token), expiresAt: row.expires_at, tokenHash };
  }

  /**
   * Ends the session of `token`. `signedOut`: the holder signed out; its `session.signout` audit
   * row is written in the same transaction as the end (an expired session is ended unaudited).
   */
  async end(token: string, signedOut?: { by: Actor; account: Pick<Account, 'id' | 'email'> }): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('session').where('token_hash', '=', tokenHashOf(token)).execute();
      if (signedOut !== undefined) await this.#audit.record({ action: 'session.signout', by: signedOut.by, account: signedOut.account }, trx);
    });
  }
}
