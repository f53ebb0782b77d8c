import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SyncSourceTable } from '../../store/schema.ts';
import type { SourceCursor } from './source-definition.ts';
import type { Validators } from './fetcher.ts';
import { storeTime } from './store-clock.ts';

/** A source's state as `fdh sync status` and the Sources page show it. */
export interface SourceState {
  sourceId: string;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  failingSince: string | null;
  lastError: string | null;
  consecutiveFailures: number;
  lastReleaseIds: string[];
  lastRowsAdded: number | null;
  cursor: SourceCursor | undefined;
  validators: Record<string, Validators>;
  /** Who holds the lease while a run is under way (by the store's clock). */
  runningBy: string | null;
  /** The last run stopped without finishing (its process ended): its lease lapsed with no outcome. */
  interrupted: boolean;
}

/** A held lease: the token fences every write of the run against a holder that outlived it. */
export interface Lease {
  sourceId: string;
  owner: string;
  token: number;
}

export class LeaseLostError extends Error {}

/** A run that started and has no outcome: its lease is still taken, live or lapsed. */
export interface UnfinishedRun {
  token: number;
  /** How long its lease still lasts by the store's clock (0: lapsed, its holder stopped). */
  leaseLeftMs: number;
}

type StateRow = Pick<
  SyncSourceTable,
  | 'source_id'
  | 'last_attempt_at'
  | 'last_success_at'
  | 'failing_since'
  | 'last_error'
  | 'last_release_ids'
  | 'last_rows_added'
  | 'cursor'
  | 'validators'
  | 'lease_owner'
  | 'lease_until'
> & { consecutive_failures: number; store_now: string };

/** Why a run whose holder vanished left nothing behind; said by status and kept as the source's error. */
export function interruptedReason(owner: string | null, startedAt: string | null): string {
  return `interrupted: the run started ${startedAt ?? 'earlier'} by ${owner ?? 'another process'} stopped without finishing (its process ended); nothing of it was imported`;
}

function stateOf(row: StateRow): SourceState {
  const now = row.store_now;
  // A lease past its time that nobody released: its holder stopped without an outcome.
  const interrupted = row.lease_owner !== null && row.lease_until !== null && row.lease_until <= now;
  return {
    sourceId: row.source_id,
    lastAttemptAt: row.last_attempt_at,
    lastSuccessAt: row.last_success_at,
    failingSince: row.failing_since,
    lastError: interrupted ? interruptedReason(row.lease_owner, row.last_attempt_at) : row.last_error,
    consecutiveFailures: Number(row.consecutive_failures) + (interrupted ? 1 : 0),
    lastReleaseIds: row.last_release_ids === null ? [] : (JSON.parse(row.last_release_ids) as string[]),
    lastRowsAdded: row.last_rows_added === null ? null : Number(row.last_rows_added),
    cursor: row.cursor === null ? undefined : (JSON.parse(row.cursor) as SourceCursor),
    validators: row.validators === null ? {} : (JSON.parse(row.validators) as Record<string, Validators>),
    runningBy: row.lease_until !== null && row.lease_until > now ? row.lease_owner : null,
    interrupted,
  };
}

const STATE_COLUMNS = [
  'source_id',
  'last_attempt_at',
  'last_success_at',
  'failing_since',
  'last_error',
  'consecutive_failures',
  'last_release_ids',
  'last_rows_added',
  'cursor',
  'validators',
  'lease_owner',
  'lease_until',
] as const;

/**
 * Each source's state and its lease, in the store every process shares (ADR 0018). The lease is
 * a row update only one process can win; its token rises with every grant, and every write of
 * a run checks it, so a process whose lease ran out can no longer write. A lease's end is set and
 * judged by the store's clock (store-clock.ts), never by a runner's: a runner whose clock is
 * fast cannot take a live lease, nor hold one past its heartbeats.
 */
export class SyncStateRepo {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The store's clock now. */
  async storeNow(): Promise<Date> {
    const { rows } = await sql<{ now: string }>`select ${storeTime(this.#db)} as now`.execute(this.#db);
    return new Date(rows[0]?.now ?? Number.NaN);
  }

  async list(): Promise<Map<string, SourceState>> {
    const rows = await this.#db
      .selectFrom('sync_source')
      .select([...STATE_COLUMNS, storeTime(this.#db).as('store_now')])
      .execute();
    return new Map(rows.map((row) => [row.source_id, stateOf(row)]));
  }

  async get(sourceId: string): Promise<SourceState | undefined> {
    const row = await this.#db
      .selectFrom('sync_source')
      .select([...STATE_COLUMNS, storeTime(this.#db).as('store_now')])
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
    return row === undefined ? undefined : stateOf(row);
  }

  /** The source's run that started and has not finished (its process may have died), if any. */
  async unfinishedRun(sourceId: string): Promise<UnfinishedRun | undefined> {
    const row = await this.#db
      .selectFrom('sync_source')
      .select(['lease_token', 'lease_until', storeTime(this.#db).as('store_now')])
      .where('source_id', '=', sourceId)
      .where('lease_owner', 'is not', null)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    // Both times are the store's: their difference is a duration this process can wait out on its own timer.
    const left = row.lease_until === null ? 0 : Date.parse(row.lease_until) - Date.parse(row.store_now);
    return { token: Number(row.lease_token), leaseLeftMs: Math.max(0, left) };
  }

  /**
   * Takes the source's lease for `leaseMs` of the store's clock and records the attempt at
   * `attemptAt`, or answers undefined while another run holds it. A lease that lapsed unreleased
   * is first recorded as an interrupted run. With `lapsedToken`, only that lapsed lease is taken
   * over: of several processes replacing one dead run, one does.
   */
  async acquire(sourceId: string, owner: string, grant: { attemptAt: Date; leaseMs: number; lapsedToken?: number }): Promise<Lease | undefined> {
    await this.#db
      .insertInto('sync_source')
      .values({ source_id: sourceId })
      .onConflict((oc) => oc.column('source_id').doNothing())
      .execute();
    await this.#recordInterruption(sourceId);
    let granting = this.#db
      .updateTable('sync_source')
      .set((eb) => ({
        lease_owner: owner,
        lease_until: storeTime(this.#db, grant.leaseMs),
        lease_token: eb('lease_token', '+', 1),
        last_attempt_at: grant.attemptAt.toISOString(),
      }))
      .where('source_id', '=', sourceId)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', storeTime(this.#db))]));
    if (grant.lapsedToken !== undefined) granting = granting.where('lease_token', '=', grant.lapsedToken);
    const granted = await granting.executeTakeFirst();
    if (Number(granted.numUpdatedRows) !== 1) return undefined;
    const row = await this.#db.selectFrom('sync_source').select(['lease_token', 'lease_owner']).where('source_id', '=', sourceId).executeTakeFirstOrThrow();
    if (row.lease_owner !== owner) return undefined;
    return { sourceId, owner, token: Number(row.lease_token) };
  }

  async #recordInterruption(sourceId: string): Promise<void> {
    const lapsed = await this.#db
      .selectFrom('sync_source')
      .select(['lease_owner', 'lease_token', 'last_attempt_at', storeTime(this.#db).as('store_now')])
      .where('source_id', '=', sourceId)
      .where('lease_owner', 'is not', null)
      .where('lease_until', '<=', storeTime(this.#db))
      .executeTakeFirst();
    if (lapsed === undefined) return;
    await this.#db
      .updateTable('sync_source')
      .set((eb) => ({
        last_error: interruptedReason(lapsed.lease_owner, lapsed.last_attempt_at),
        consecutive_failures: eb('consecutive_failures', '+', 1),
        failing_since: eb.fn.coalesce('failing_since', eb.val(lapsed.last_attempt_at ?? lapsed.store_now)),
        lease_owner: null,
        lease_until: null,
      }))
      .where('source_id', '=', sourceId)
      .where('lease_token', '=', lapsed.lease_token)
      .where('lease_owner', 'is not', null)
      .execute();
  }

  /** The holder's heartbeat: the lease lasts `leaseMs` of the store's clock from now on; false once the lease is lost. */
  async extend(lease: Lease, leaseMs: number): Promise<boolean> {
    const extended = await this.#db
      .updateTable('sync_source')
      .set({ lease_until: storeTime(this.#db, leaseMs) })
      .where('source_id', '=', lease.sourceId)
      .where('lease_token', '=', lease.token)
      .where('lease_owner', '=', lease.owner)
      .executeTakeFirst();
    return Number(extended.numUpdatedRows) === 1;
  }

  /**
   * Inside a release's transaction: fails unless `lease` is still the source's. The update
   * locks the row (PostgreSQL) so no new grant commits between this check and the import's commit.
   */
  async fence(trx: Transaction<Database>, lease: Lease): Promise<void> {
    const held = await trx
      .updateTable('sync_source')
      .set({ lease_owner: lease.owner })
      .where('source_id', '=', lease.sourceId)
      .where('lease_token', '=', lease.token)
      .where('lease_owner', '=', lease.owner)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new LeaseLostError(`the run of ${lease.sourceId} lost its lease to another process; nothing more imported`);
  }

  /** Inside the run's transaction, after its fence: the run's outcome commits with its releases, or neither does. */
  async succeeded(
    trx: Transaction<Database>,
    lease: Lease,
    outcome: { at: Date; releaseIds: string[]; rowsAdded: number; cursor: SourceCursor | undefined; validators: Record<string, Validators> },
  ): Promise<void> {
    await trx
      .updateTable('sync_source')
      .set({
        last_success_at: outcome.at.toISOString(),
        failing_since: null,
        last_error: null,
        consecutive_failures: 0,
        last_release_ids: JSON.stringify(outcome.releaseIds),
        last_rows_added: outcome.rowsAdded,
        cursor: outcome.cursor === undefined ? null : JSON.stringify(outcome.cursor),
        validators: JSON.stringify(outcome.validators),
        lease_owner: null,
        lease_until: null,
      })
      .where('source_id', '=', lease.sourceId)
      .execute();
  }

  async failed(lease: Lease, at: Date, reason: string): Promise<void> {
    await this.#db
      .updateTable('sync_source')
      .set((eb) => ({
        last_error: reason,
        consecutive_failures: eb('consecutive_failures', '+', 1),
        failing_since: eb.fn.coalesce('failing_since', eb.val(at.toISOString())),
        lease_owner: null,
        lease_until: null,
      }))
      .where('source_id', '=', lease.sourceId)
      .where('lease_token', '=', lease.token)
      .execute();
  }

  /**
   * Claims one scheduled slot of a source for `owner`: the primary key lets exactly one process
   * insert it, however many run the schedule. Claims older than a week are dropped on the way.
   */
  async claimSlot(sourceId: string, slot: Date, owner: string, now: Date): Promise<boolean> {
    await this.#db
      .deleteFrom('sync_claim')
      .where('source_id', '=', sourceId)
      .where('claimed_at', '<', new Date(now.getTime() - 7 * 86_400_000).toISOString())
      .execute();
    const inserted = await this.#db
      .insertInto('sync_claim')
      .values({ source_id: sourceId, slot: slot.toISOString(), claimed_by: owner, claimed_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['source_id', 'slot']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
