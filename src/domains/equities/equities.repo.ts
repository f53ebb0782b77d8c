import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { EquityActionRow, EquityIssueRow, EquityStatementRow } from '../../store/tables/equities.tables.ts';
import { fullIssueCode } from './issue-code.ts';

export interface SessionClose {
  code: string;
  date: string;
  close: number;
  source: string;
}

export interface ListFilter {
  q?: string | undefined;
  sector33?: string | undefined;
  segment?: string | undefined;
  afterCode?: string | undefined;
  limit: number;
}

/** Peers are common shares listed on one of the three markets. */
const PEER_SEGMENTS = ['prime', 'standard', 'growth'];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The equities queries; each one seeks an index named in the migration. */
export class EquitiesRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * By the 5-character code, or by the 4-character ticker, which names the common share
   * (check character 0): a preferred share of the same issuer (`25935`) has only its code.
   */
  findIssue(code: string): Promise<EquityIssueRow | undefined> {
    const fullCode = fullIssueCode(code);
    return this.#db.selectFrom('equity_issue').selectAll().where('code', '=', fullCode).executeTakeFirst();
  }

  listIssues(filter: ListFilter): Promise<EquityIssueRow[]> {
    let query = this.#db.selectFrom('equity_issue').selectAll();
    if (filter.sector33 !== undefined) query = query.where('sector33_code', '=', filter.sector33);
    if (filter.segment !== undefined) query = query.where('segment', '=', filter.segment);
    if (filter.afterCode !== undefined) query = query.where('code', '>', filter.afterCode);
    const q = filter.q;
    if (q !== undefined) {
      const prefix = `${escapeLike(q.toUpperCase())}%`;
      const part = `%${escapeLike(q.toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or([eb(sql<string>`code`, 'like', sql<string>`${prefix} escape '\\'`), eb(sql<string>`search_name`, 'like', sql<string>`${part} escape '\\'`)]),
      );
    }
    return query.orderBy('code').limit(filter.limit).execute();
  }

  /** The latest `count` sessions of the exchange, newest first. */
  async latestSessions(count: number): Promise<string[]> {
    const rows = await this.#db.selectFrom('equity_session').select('date').orderBy('date', 'desc').limit(count).execute();
    return rows.map((row) => row.date);
  }

  /** Bars of one stock after `after` (all when undefined), oldest to newest. */
  bars(code: string, after: string | undefined) {
    let query = this.#db.selectFrom('equity_bar').select(['date', 'close', 'volume', 'trading_value', 'source']).where('code', '=', code);
    if (after !== undefined) query = query.where('date', '>', after);
    return query.orderBy('date').execute();
  }

  /** The newest `count` bars of one stock, newest first. */
  latestBars(code: string, count: number) {
    return this.#db
      .selectFrom('equity_bar')
      .select(['date', 'close', 'volume', 'trading_value', 'source'])
      .where('code', '=', code)
      .orderBy('date', 'desc')
      .limit(count)
      .execute();
  }

  async firstBarDate(code: string): Promise<string | undefined> {
    const row = await this.#db.selectFrom('equity_bar').select('date').where('code', '=', code).orderBy('date').limit(1).executeTakeFirst();
    return row?.date;
  }

  actions(code: string): Promise<EquityActionRow[]> {
    return this.#db.selectFrom('equity_action').selectAll().where('code', '=', code).orderBy('effective_date').execute();
  }

  /** Share-base changes after `date`, for bringing published share counts to the latest base. */
  actionsAfter(date: string) {
    return this.#db.selectFrom('equity_action').select(['code', 'effective_date', 'ratio']).where('effective_date', '>', date).execute();
  }

  /** Ratios taking effect on `date`, by code. */
  async ratiosEffectiveOn(date: string): Promise<Map<string, number>> {
    const rows = await this.#db.selectFrom('equity_action').select(['code', 'ratio']).where('effective_date', '=', date).execute();
    return new Map(rows.map((row) => [row.code, row.ratio]));
  }

  /** All disclosures of one stock, by period then disclosure date. */
  statements(code: string): Promise<EquityStatementRow[]> {
    return this.#db.selectFrom('equity_statement').selectAll().where('code', '=', code).orderBy('period_end').orderBy('disclosed_on').execute();
  }

  /** Peer candidates: common shares of a sector or a segment, with their shares outstanding. */
  peerIssues(filter: { sector33?: string; segment?: string }) {
    let query = this.#db
      .selectFrom('equity_issue')
      .select(['code', 'ticker', 'name', 'shares_outstanding', 'shares_as_of', 'segment', 'sector33_code'])
      .where('security_type', '=', 'common')
      .where('segment', 'in', PEER_SEGMENTS);
    if (filter.sector33 !== undefined) query = query.where('sector33_code', '=', filter.sector33);
    if (filter.segment !== undefined) query = query.where('segment', '=', filter.segment);
    return query.execute();
  }

  /** Every issue with what the day's performance needs. */
  allIssues() {
    return this.#db.selectFrom('equity_issue').select(['code', 'sector33_code', 'shares_outstanding', 'shares_as_of']).execute();
  }

  /**
   * Closes on the given sessions of the issues matching the filter. Written as `code in
   * (subquery)` so each issue is one seek of the bar primary key (code, date): as a join, a
   * planner without statistics scans every bar instead.
   */
  async closesOn(dates: readonly string[], filter: { sector33?: string; segment?: string } = {}): Promise<SessionClose[]> {
    if (dates.length === 0) return [];
    let issues = this.#db.selectFrom('equity_issue').select('code');
    if (filter.sector33 !== undefined) issues = issues.where('sector33_code', '=', filter.sector33);
    if (filter.segment !== undefined) issues = issues.where('segment', '=', filter.segment);
    return this.#db
      .selectFrom('equity_bar')
      .select(['code', 'date', 'close', 'source'])
      .where('date', 'in', [...dates])
      .where('code', 'in', issues)
      .execute();
  }
}
