import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { CalendarEventRow } from '../../store/tables/calendar.tables.ts';

export class CalendarRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async events({
    fromAt,
    toAt,
    country,
    importance,
  }: {
    fromAt: string;
    toAt: string;
    country?: string | undefined;
    importance?: string | undefined;
  }): Promise<CalendarEventRow[]> {
    let query = this.#db.selectFrom('calendar_event').selectAll().where('scheduled_at', '>=', fromAt).where('scheduled_at', '<=', toAt);
    if (country !== undefined) query = query.where('country', '=', country);
    if (importance !== undefined) query = query.where('importance', '=', importance);
    return query.orderBy('scheduled_at').orderBy('id').execute();
  }

  /** Releases of these series in [fromAt, toAt], oldest first: the history `previous` is read from. */
  async seriesHistory({ series, fromAt, toAt }: { series: readonly string[]; fromAt: string; toAt: string }) {
    if (series.length === 0) return [];
    return this.#db
      .selectFrom('calendar_event')
      .select(['series', 'scheduled_at', 'period', 'actual'])
      .where('series', 'in', series)
      .where('scheduled_at', '>=', fromAt)
      .where('scheduled_at', '<=', toAt)
      .orderBy('series')
      .orderBy('scheduled_at')
      .execute();
  }
}
