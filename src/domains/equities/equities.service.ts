import { addMonthsToDay } from '../../kernel/dates.ts';
import type { EquitiesRepo } from './equities.repo.ts';
import type { EquityIssueRow } from '../../store/tables/equities.tables.ts';
import type {
  Classification,
  CorporateAction,
  EquityPrices,
  EquityProfile,
  EquitySummary,
  FinancialStatement,
  PriceRange,
  RelatedStocks,
  SectorPerformance,
  StatementKind,
} from './equities.schemas.ts';
import { equityNotFound } from './equity-request.ts';
import { buildFinancialStatement } from './financial-statement.ts';
import { quote, rankByMarketCap, sectorPerformance } from './market-day.ts';
import type { Segment } from './sectors.ts';
import { changesByCode, earliestSharesAsOf, sharesOnLatestBase } from './share-base.ts';
import { adjustBars } from './split-adjustment.ts';

/** What the equities meta says about an answer, besides the cache. */
export interface AnswerFacts {
  source: string[];
  asOf: string | null;
  classification: Classification;
  wasRestated: boolean;
}

export interface EquitiesAnswer<Data> {
  data: Data;
  facts: AnswerFacts;
}

const RANGE_MONTHS: Record<Exclude<PriceRange, '5d' | 'max'>, number> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12, '3y': 36, '5y': 60 };
const SESSIONS_IN_5D = 5;

const uniqueSorted = (values: Iterable<string>) => [...new Set(values)].sort();

export class EquitiesService {
  readonly #repo: EquitiesRepo;

  constructor(repo: EquitiesRepo) {
    this.#repo = repo;
  }

  async #issue(code: string): Promise<EquityIssueRow> {
    const issue = await this.#repo.findIssue(code);
    if (issue === undefined) throw equityNotFound(code);
    return issue;
  }

  async listEquities(input: {
    q?: string;
    sector33?: string;
    segment?: Segment;
    limit: number;
    cursor?: string;
  }): Promise<EquitiesAnswer<EquitySummary[]> & { nextCursor: string | null }> {
    const [rows, sessions] = await Promise.all([
      this.#repo.listIssues({ q: input.q, sector33: input.sector33, segment: input.segment, afterCode: input.cursor, limit: input.limit + 1 }),
      this.#repo.latestSessions(1),
    ]);
    const page = rows.slice(0, input.limit);
    const last = page[page.length - 1];
    return {
      data: page.map(summary),
      nextCursor: rows.length > input.limit && last !== undefined ? last.code : null,
      facts: { source: uniqueSorted(page.map((r) => r.source)), asOf: sessions[0] ?? null, classification: 'RAW', wasRestated: false },
    };
  }

  async getProfile({ code }: { code: string }): Promise<EquitiesAnswer<EquityProfile>> {
    const issue = await this.#issue(code);
    const [bars, actions] = await Promise.all([this.#repo.latestBars(issue.code, 2), this.#repo.actions(issue.code)]);
    const [today, previous] = bars;
    const day = today === undefined ? undefined : quote(today, previous, actions.find((a) => a.effective_date === today.date)?.ratio);
    const changes = actions.map((a) => ({ effectiveDate: a.effective_date, ratio: a.ratio }));
    const shares = today === undefined ? issue.shares_outstanding : sharesOnLatestBase(issue, changes, today.date);
    return {
      data: {
        ...summary(issue),
        fiscalYearEndMonth: issue.fiscal_year_end_month,
        sharesOutstanding: shares,
        price: day?.price ?? null,
        change: day?.change ?? null,
        changePercent: day?.changePercent ?? null,
        tradingDate: day?.tradingDate ?? null,
        marketCap: day === undefined || shares === null ? null : shares * day.price,
      },
      facts: {
        source: uniqueSorted([issue.source, ...bars.map((b) => b.source)]),
        asOf: today?.date ?? null,
        classification: 'RAW+COMPUTED',
        wasRestated: false,
      },
    };
  }

  async getPrices({ code, range }: { code: string; range: PriceRange }): Promise<EquitiesAnswer<EquityPrices>> {
    const issue = await this.#issue(code);
    const [rows, isPartial] = await this.#window(issue.code, range);
    const actions = await this.#repo.actions(issue.code);
    const points = adjustBars(
      rows.map((r) => ({ date: r.date, close: r.close, volume: r.volume, tradingValue: r.trading_value })),
      actions.map((a) => ({ effectiveDate: a.effective_date, ratio: a.ratio })),
    );
    const first = points[0];
    const last = points[points.length - 1];
    return {
      data: { range, from: first?.date ?? null, to: last?.date ?? null, isPartial, points },
      facts: {
        source: uniqueSorted([...rows.map((r) => r.source), ...actions.map((a) => a.source)]),
        asOf: last?.date ?? null,
        classification: 'RAW+COMPUTED',
        wasRestated: false,
      },
    };
  }

  /** The bars of the window, oldest first, and whether the history is shorter than the window. */
  async #window(code: string, range: PriceRange) {
    if (range === 'max') return [await this.#repo.bars(code, undefined), false] as const;
    if (range === '5d') {
      const newest = await this.#repo.latestBars(code, SESSIONS_IN_5D);
      return [newest.reverse(), newest.length < SESSIONS_IN_5D] as const;
    }
    const [latest] = await this.#repo.latestBars(code, 1);
    if (latest === undefined) return [[], true] as const;
    const start = addMonthsToDay(latest.date, -RANGE_MONTHS[range]);
    const [rows, firstDate] = await Promise.all([this.#repo.bars(code, start), this.#repo.firstBarDate(code)]);
    return [rows, firstDate === undefined || firstDate > start] as const;
  }

  async getFinancialStatement({ code, statement }: { code: string; statement: StatementKind }): Promise<EquitiesAnswer<FinancialStatement>> {
    const issue = await this.#issue(code);
    const answer = buildFinancialStatement(statement, await this.#repo.statements(issue.code));
    return {
      data: answer.statement,
      facts: {
        source: answer.sources,
        asOf: answer.disclosedOn,
        classification: statement === 'income-statement' ? 'RAW+COMPUTED' : 'RAW',
        wasRestated: answer.wasRestated,
      },
    };
  }

  async getRelatedStocks({ code, limit }: { code: string; limit: number }): Promise<EquitiesAnswer<RelatedStocks>> {
    const issue = await this.#issue(code);
    const sessions = await this.#repo.latestSessions(2);
    const ratios = sessions[0] === undefined ? new Map<string, number>() : await this.#repo.ratiosEffectiveOn(sessions[0]);
    const peers = async (filter: { sector33?: string; segment?: string }, exclude: ReadonlySet<string>) => {
      const [issues, closes] = await Promise.all([this.#repo.peerIssues(filter), this.#repo.closesOn(sessions, filter)]);
      const candidates = issues.filter((i) => !exclude.has(i.code));
      const changes = changesByCode(await this.#repo.actionsAfter(earliestSharesAsOf(candidates)));
      return rankByMarketCap(candidates, { closes, sessions, ratios, changes });
    };
    const items = await peers({ sector33: issue.sector33_code }, new Set([issue.code]));
    let basis: RelatedStocks['basis'] = 'sector33';
    if (items.length < limit) {
      basis = 'sector33_segment';
      const taken = new Set([issue.code, ...items.map((i) => i.symbol)]);
      items.push(...(await peers({ segment: issue.segment }, taken)));
    }
    const served = items.slice(0, limit);
    return {
      data: { basis, sector: { code: issue.sector33_code, name: issue.sector33_name }, items: served },
      facts: { source: uniqueSorted([issue.source]), asOf: sessions[0] ?? null, classification: 'RAW+COMPUTED', wasRestated: false },
    };
  }

  async getCorporateActions({ code }: { code: string }): Promise<EquitiesAnswer<CorporateAction[]>> {
    const issue = await this.#issue(code);
    const [actions, sessions] = await Promise.all([this.#repo.actions(issue.code), this.#repo.latestSessions(1)]);
    return {
      data: actions.map((a) => ({
        effectiveDate: a.effective_date,
        type: a.kind === 'reverse_split' ? 'reverse_split' : 'split',
        ratio: a.ratio,
        adjustmentFactor: 1 / a.ratio,
      })),
      facts: { source: uniqueSorted([issue.source, ...actions.map((a) => a.source)]), asOf: sessions[0] ?? null, classification: 'RAW', wasRestated: false },
    };
  }

  async getSectors(): Promise<EquitiesAnswer<SectorPerformance[]>> {
    const sessions = await this.#repo.latestSessions(2);
    const [latest] = sessions;
    const [issues, closes, ratios] = await Promise.all([
      this.#repo.allIssues(),
      this.#repo.closesOn(sessions),
      latest === undefined ? new Map<string, number>() : this.#repo.ratiosEffectiveOn(latest),
    ]);
    const changes = changesByCode(await this.#repo.actionsAfter(earliestSharesAsOf(issues)));
    const data = sectorPerformance({ issues, closes, sessions, ratios, changes });
    return {
      data,
      facts: { source: uniqueSorted(closes.map((c) => c.source)), asOf: latest ?? null, classification: 'RAW+COMPUTED', wasRestated: false },
    };
  }
}

function summary(issue: EquityIssueRow): EquitySummary {
  return {
    symbol: issue.code,
    code: issue.ticker,
    name: issue.name,
    sector: { code: issue.sector33_code, name: issue.sector33_name },
    segment: issue.segment as Segment,
    securityType: issue.security_type === 'preferred' ? 'preferred' : 'common',
    listedOn: issue.listed_on,
  };
}
