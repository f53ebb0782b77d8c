import type { DemoGenerator } from './framework.ts';
import { insertRows } from '../../store/loader.ts';
import { withIndexesBuiltAfter } from '../indexes-built-after.ts';
import { SECTORS_33 } from '../../domains/equities/sectors.ts';
import type { EquityActionRow, EquityBarRow, EquityStatementRow } from '../../store/tables/equities.tables.ts';
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
    // In code order: each stock's bars then extend the end of the (code, date) key's index
    // instead of landing all over it (each stock's draws are its own, so order changes no figure).
    const issues = generateUniverse(ctx.random('universe'), ISSUE_COUNT[ctx.scale])
      .filter((issue) => issue.listedOn <= ctx.until)
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const factors = drawFactors(
      ctx.random,
      SECTORS_33.map((s) => s.code),
      sessions.length,
    );
    // Imported rows win throughout: the demo fills the sessions, issues and days they leave.
    await insertRows(
      ctx.db,
      'equity_session',
      sessions.map((date) => ({ date, source: DEMO_SOURCE })),
      { onConflict: { key: ['date'], keep: 'stored' } },
    );

    await withIndexesBuiltAfter(ctx.db, 'equity_bar', async () => {
      for (let start = 0; start < issues.length; start += BATCH) {
        const batch = issues.slice(start, start + BATCH);
        const bars: EquityBarRow[] = [];
        const actions: EquityActionRow[] = [];
        const statements: EquityStatementRow[] = [];
        const issueRows = batch.map((issue) => {
          const history = generateHistory(issue, sessions, factors, ctx.random(`prices:${issue.code}`), ctx.random(`ranges:${issue.code}`));
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
        await insertRows(ctx.db, 'equity_issue', issueRows, { onConflict: { key: ['code'], keep: 'stored' } });
        await insertRows(ctx.db, 'equity_bar', bars, { onConflict: { key: ['code', 'date'], keep: 'stored' } });
        await insertRows(ctx.db, 'equity_action', actions, { onConflict: { key: ['code', 'effective_date'], keep: 'stored' } });
        await insertRows(ctx.db, 'equity_statement', statements, { onConflict: { key: ['code', 'period_end', 'disclosed_on'], keep: 'stored' } });
        ctx.progress((start + batch.length) / issues.length);
      }
    });
  },
};
