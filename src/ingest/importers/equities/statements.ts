import type { Importer } from '../../source.ts';
import type { EquityStatementRow } from '../../../domains/equities/equities.tables.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { J_QUANTS_SOURCE, readRecords, RecordReader } from './json-records.ts';
import { insertRows } from '../../loader.ts';

const QUARTER_BY_PERIOD: Record<string, number> = { '1Q': 1, '2Q': 2, '3Q': 3, '4Q': 4, FY: 4 };

interface ParsedStatement {
  row: Omit<EquityStatementRow, 'source'>;
  sharesIssued: number | null;
}

/**
 * J-Quants financial statements summary (`/fins/statements`): one disclosure per record,
 * income figures cumulative from the start of the fiscal year, balance-sheet figures at the
 * period end. Forecast revisions carry no results and are skipped. A later disclosure of
 * the same period is kept beside the earlier one (a restatement).
 */
export const statementsImporter: Importer<ParsedStatement[]> = {
  dataset: 'jquants-statements',
  datasets: ['equities'],
  description: 'J-Quants financial statements summary JSON ({"statements": [...]}), cumulative YTD',
  source: J_QUANTS_SOURCE,
  canonicalForm: canonicalJson,
  parse(content, fileName) {
    const parsed: ParsedStatement[] = [];
    readRecords(content, fileName, 'statements').forEach((record, i) => {
      const read: RecordReader = new RecordReader(fileName, 'statements', i, record);
      if ((read.optionalText('TypeOfDocument') ?? '').includes('ForecastRevision')) return;
      const period = read.text('TypeOfCurrentPeriod');
      const quarter = QUARTER_BY_PERIOD[period];
      if (quarter === undefined) read.fail(`TypeOfCurrentPeriod must be 1Q, 2Q, 3Q, 4Q or FY (got ${JSON.stringify(period)})`);
      const totalAssets = read.figure('TotalAssets');
      const netAssets = read.figure('Equity');
      parsed.push({
        row: {
          code: read.code('LocalCode'),
          period_end: read.date('CurrentPeriodEndDate'),
          fiscal_year_end: read.date('CurrentFiscalYearEndDate'),
          fiscal_quarter: quarter,
          disclosed_on: read.date('DisclosedDate'),
          net_sales: read.figure('NetSales'),
          cost_of_sales: null,
          sga_expenses: null,
          operating_profit: read.figure('OperatingProfit'),
          ordinary_profit: read.figure('OrdinaryProfit'),
          net_income: read.figure('Profit'),
          total_assets: totalAssets,
          current_assets: null,
          non_current_assets: null,
          total_liabilities: null,
          current_liabilities: null,
          non_current_liabilities: null,
          net_assets: netAssets,
        },
        sharesIssued: read.figure('NumberOfIssuedAndOutstandingSharesAtTheEndOfFiscalYearIncludingTreasuryStock'),
      });
    });
    return parsed;
  },
  async load(db, parsed) {
    const rows = parsed.map(({ row }) => ({ ...row, source: J_QUANTS_SOURCE }));
    await insertRows(db, 'equity_statement', rows, { onConflict: { key: ['code', 'period_end', 'disclosed_on'], keep: 'new' } });
    for (const { row, sharesIssued } of parsed) {
      // The share count follows the newest period that publishes one.
      if (sharesIssued !== null) {
        await db
          .updateTable('equity_issue')
          .set({ shares_outstanding: sharesIssued, shares_as_of: row.period_end, fiscal_year_end_month: Number(row.fiscal_year_end.slice(5, 7)) })
          .where('code', '=', row.code)
          .where((eb) => eb.or([eb('shares_as_of', 'is', null), eb('shares_as_of', '<=', row.period_end)]))
          .execute();
      }
    }
    return parsed.length;
  },
};
