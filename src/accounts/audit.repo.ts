import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { AuditEventRow } from '../store/tables/accounts.tables.ts';

export interface AuditQuery {
  accountId?: string | undefined;
  action?: string | undefined;
  /** Only events older than this cursor (the last `id` of the page before). */
  before?: { at: string; id: string } | undefined;
  limit: number;
}

export class AuditRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(row: AuditEventRow): Promise<void> {
    await this.#db.insertInto('audit_event').values(row).execute();
  }

  /** Newest first. */
  async list(query: AuditQuery): Promise<AuditEventRow[]> {
    let select = this.#db.selectFrom('audit_event').selectAll();
    if (query.accountId !== undefined) select = select.where('account_id', '=', query.accountId);
    if (query.action !== undefined) select = select.where('action', '=', query.action);
    const before = query.before;
    if (before !== undefined) {
      select = select.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
    }
    return select.orderBy('at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
  }

  async findById(id: string): Promise<AuditEventRow | undefined> {
    return this.#db.selectFrom('audit_event').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteBefore(at: string): Promise<void> {
    await this.#db.deleteFrom('audit_event').where('at', '<', at).execute();
  }
}
