import type { DemoGenerator } from './framework.ts';
import { insertAroundExisting } from './framework.ts';
import { SECTORS_33 } from '../../domains/equities/sectors.ts';
import type { EquityActionRow, EquityBarRow, EquityStatementRow } from '../../domains/equities/equities.tables.ts';
import { DEMO_SOURCE, drawFactors, generateHistory } from './equities/prices.ts';
import { tradingSessions } from './equities/sessions.ts';
import { generateStatements } from './equities/statements.ts';
import { generateUniverse } from './equities/universe.ts';

/** Contract section 8: 200 stocks for tests and first start, 4,000 for the whole market. */
const ISSUE_COUNT = { small: 200, full: 4000 } as const;
/** Stocks generated between two writes: bounds memory at whole-market scale. */
const BATCH = 100;

export const equitiesDemoGenerator: DemoGenerator = {
  name: 'equities',
  datasets: ['equities'],
  async clear(db) {
    for (const table of ['equity_statement', 'equity_action', 'equity_bar', 'equity_session', 'equity_issue'] as const) {
      await db.deleteFrom(table).where('source', '=', DEMO_SOURCE).execute();
    }
  },
  async generate(ctx) {
    const sessions = tradingSessions(ctx.until);
    // Issues listed after the last session join when a later seed reaches their listing day.
    const issues = generateUniverse(ctx.random('universe'), ISSUE_COUNT[ctx.scale]).filter((issue) => issue.listedOn <= ctx.until);
    const factors = drawFactors(ctx.random, SECTORS_33.map((s) => s.code), sessions.length);
    // Imported rows win throughout: the demo fills the sessions, issues and days they leave.
    await insertAroundExisting(ctx.db, 'equity_session', ['date'], sessions.map((date) => ({ date, source: DEMO_SOURCE })));

    for (let start = 0; start < issues.length; start += BATCH) {
      const batch = issues.slice(start, start + BATCH);
      const bars: EquityBarRow[] = [];
      const actions: EquityActionRow[] = [];
      const statements: EquityStatementRow[] = [];
      const issueRows = batch.map((issue) => {
        const history = generateHistory(issue, sessions, factors, ctx.random(`prices:${issue.code}`));
        bars.push(...history.bars);
        actions.push(...history.actions);
        statements.push(...generateStatements(issue, ctx.until, ctx.random(`statements:${issue.code}`)));
        return {
          code: issue.code,
          ticker: issue.ticker,
          name: issue.name,
          search_name: issue.name.toLowerCase(),
          sector33_code: issue.sectorCode,
          sector33_name: issue.sectorName,
          segment: issue.segment,
          security_type: issue.securityType,
          shares_outstanding: history.sharesOutstanding,
          shares_as_of: ctx.until,
          listed_on: issue.listedOn,
          fiscal_year_end_month: issue.fiscalYearEndMonth,
          source: DEMO_SOURCE,
        };
      });
      const within = { column: 'code', values: batch.map((issue) => issue.code) };
      await insertAroundExisting(ctx.db, 'equity_issue', ['code'], issueRows, { within });
      await insertAroundExisting(ctx.db, 'equity_bar', ['code', 'date'], bars as unknown as Record<string, unknown>[], { within });
      await insertAroundExisting(ctx.db, 'equity_action', ['code', 'effective_date'], actions as unknown as Record<string, unknown>[], { within });
      await insertAroundExisting(ctx.db, 'equity_statement', ['code', 'period_end', 'disclosed_on'], statements as unknown as Record<string, unknown>[], { within });
      ctx.progress((start + batch.length) / issues.length);
    }
  },
};
