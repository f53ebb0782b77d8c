import { userInfo } from 'node:os';
import type { Clock } from '../kernel/clock.ts';
import { randomBase62 } from '../edge/auth/api-key.ts';
import type { AuditEventRow } from '../store/tables/accounts.tables.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { AuditRepo } from './audit.repo.ts';
import { AccountInputError } from './errors.ts';

export const AUDIT_ACTIONS = [
  'account.create',
  'account.plan',
  'account.disable',
  'account.enable',
  'account.password-reset',
  'account.password-change',
  'key.create',
  'key.rotate',
  'key.disable',
  'key.enable',
  'key.revoke',
  'session.signin',
  'session.signin-failed',
  'session.signout',
  'password.change-refused',
  'source.run',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who asks for an action, and from where. */
export interface Actor {
  /** An account's email, `cli:<os user>`, `system` (the first start) or `anonymous`. */
  label: string;
  address: string | null;
}

export const SYSTEM_ACTOR: Actor = { label: 'system', address: null };

/** The operator at the terminal: their operating-system user. */
export function cliActor(): Actor {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (some containers): the action is still recorded.
  }
  return { label: `cli:${user}`, address: null };
}

export interface AuditEntry {
  action: AuditAction;
  by: Actor;
  account?: { id: string | null; email: string } | undefined;
  target?: string | undefined;
  detail?: Record<string, string | number | boolean | null> | undefined;
}

export interface AuditEvent {
  id: string;
  at: string;
  action: string;
  actor: string;
  accountId: string | null;
  accountEmail: string | null;
  target: string | null;
  address: string | null;
  detail: Record<string, unknown> | null;
}

const PRUNE_EVERY_MS = 3_600_000;

function toEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    actor: row.actor,
    accountId: row.account_id,
    accountEmail: row.account_email,
    target: row.target,
    address: row.address,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
  };
}

/**
 * The audit trail: every account, key, plan and session action, from the dashboard or the CLI,
 * and every failed sign-in with the account it named. Events older than the retention are
 * deleted, at most once an hour per process, when a new one is written.
 */
export class AuditService {
  readonly #repo: AuditRepo;
  readonly #clock: Clock;
  readonly #retentionMs: number;
  #prunedAtMs = 0;
  /** Orders this process's events within one millisecond. */
  #sequence = 0;

  constructor(options: { repo: AuditRepo; clock: Clock; retentionDays: number }) {
    this.#repo = options.repo;
    this.#clock = options.clock;
    this.#retentionMs = options.retentionDays * 86_400_000;
  }

  /** `within`: the caller's transaction, so the event commits (or not) with the action. */
  async record(entry: AuditEntry, within?: Transaction<Database>): Promise<void> {
    const repo = within === undefined ? this.#repo : new AuditRepo(within);
    const now = this.#clock.now();
    await repo.insert({
      id: `aud_${now.getTime().toString(36).padStart(9, '0')}${(this.#sequence++ % 36 ** 6).toString(36).padStart(6, '0')}${randomBase62(6)}`,
      at: now.toISOString(),
      action: entry.action,
      actor: entry.by.label,
      account_id: entry.account?.id ?? null,
      account_email: entry.account?.email ?? null,
      target: entry.target ?? null,
      address: entry.by.address,
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
    });
    if (now.getTime() - this.#prunedAtMs >= PRUNE_EVERY_MS) {
      this.#prunedAtMs = now.getTime();
      // Through the caller's transaction when there is one: SQLite has one connection, and a
      // statement outside the open transaction would wait for it forever.
      await repo.deleteBefore(new Date(now.getTime() - this.#retentionMs).toISOString());
    }
  }

  /** A page of events, newest first, and the cursor of the next page (null at the end). */
  async list(query: {
    accountId?: string | undefined;
    action?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  }): Promise<{ events: AuditEvent[]; next: string | null }> {
    const before = query.cursor === undefined ? undefined : await this.#repo.findById(query.cursor);
    if (query.cursor !== undefined && before === undefined) throw new AccountInputError(`cursor "${query.cursor}" names no audit event`);
    const rows = await this.#repo.list({ accountId: query.accountId, action: query.action, before, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit).map(toEvent);
    return { events: page, next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
  }
}
