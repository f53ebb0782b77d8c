import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import type { EquityStatementRow } from '../../../store/tables/equities.tables.ts';
import { insertRows } from '../../../store/loader.ts';
import { J_QUANTS_SOURCE, jquantsImporter, type JQuantsRecords, type RecordReader } from './json-records.ts';

/** The fact of a disclosure's figures, held to its figure rules. */
const STATEMENT = 'equity.statement';

const QUARTER_BY_PERIOD: Record<string, number> = { '1Q': 1, '2Q': 2, '3Q': 3, '4Q': 4, FY: 4 };

interface ParsedStatement {
  row: Omit<EquityStatementRow, 'source'>;
  sharesIssued: number | null;
}

interface StatementsFields {
  documentType: string;
  period: string;
  code: string;
  periodEnd: string;
  fiscalYearEnd: string;
  disclosedOn: string;
  netSales: string;
  operatingProfit: string;
  ordinaryProfit: string;
  netIncome: string;
  totalAssets: string;
  netAssets: string;
  sharesIssued: string;
}

/**
 * J-Quants financial statements summary: one disclosure per record, income figures cumulative
 * from the start of the fiscal year, balance-sheet figures at the period end. Forecast revisions
 * carry no results and are skipped, as is the fifth quarter of a longer, irregular fiscal year
 * (5Q), which has no place among the hub's four. A later disclosure of the same period is kept
 * beside the earlier one (a restatement). API v1 and v2 serve the same figures under different
 * names.
 */
const statements: JQuantsRecords<StatementsFields, ParsedStatement[]> = {
  empty: () => [],
  add(read: RecordReader, fields, parsed) {
    if ((read.optionalText(fields.documentType) ?? '').includes('ForecastRevision')) return;
    const period = read.text(fields.period);
    if (period === '5Q') return;
    const quarter = QUARTER_BY_PERIOD[period];
    if (quarter === undefined) read.fail(`${fields.period} must be 1Q, 2Q, 3Q, 4Q, 5Q or FY (got ${JSON.stringify(period)})`);
    parsed.push({
      row: {
        code: read.code(fields.code),
        period_end: read.date(fields.periodEnd),
        fiscal_year_end: read.date(fields.fiscalYearEnd),
        fiscal_quarter: quarter,
        disclosed_on: read.date(fields.disclosedOn),
        net_sales: read.figure(fields.netSales, STATEMENT),
        cost_of_sales: null,
        sga_expenses: null,
        operating_profit: read.figure(fields.operatingProfit, STATEMENT),
        ordinary_profit: read.figure(fields.ordinaryProfit, STATEMENT),
        net_income: read.figure(fields.netIncome, STATEMENT),
        total_assets: read.figure(fields.totalAssets, STATEMENT),
        current_assets: null,
        non_current_assets: null,
        total_liabilities: null,
        current_liabilities: null,
        non_current_liabilities: null,
        net_assets: read.figure(fields.netAssets, STATEMENT),
      },
      sharesIssued: read.figure(fields.sharesIssued, STATEMENT),
    });
  },
  load: loadStatements,
};

/** API v1 `/fins/statements`. */
export const finsStatementsImporter = jquantsImporter(
  {
    dataset: 'jquants-statements',
    description: 'J-Quants API v1 financial statements summary JSON ({"statements": [...]}), cumulative YTD',
    key: 'statements',
    fields: {
      documentType: 'TypeOfDocument',
      period: 'TypeOfCurrentPeriod',
      code: 'LocalCode',
      periodEnd: 'CurrentPeriodEndDate',
      fiscalYearEnd: 'CurrentFiscalYearEndDate',
      disclosedOn: 'DisclosedDate',
      netSales: 'NetSales',
      operatingProfit: 'OperatingProfit',
      ordinaryProfit: 'OrdinaryProfit',
      netIncome: 'Profit',
      totalAssets: 'TotalAssets',
      netAssets: 'Equity',
      sharesIssued: 'NumberOfIssuedAndOutstandingSharesAtTheEndOfFiscalYearIncludingTreasuryStock',
    },
  },
  statements,
);

/** API v2 `/fins/summary` (pages merged into one `data` array; figures as strings, "" when absent). */
export const finsSummaryImporter = jquantsImporter(
  {
    dataset: 'jquants-fins-summary',
    description: 'J-Quants API v2 financial statements summary JSON (/fins/summary: {"data": [...]}), cumulative YTD',
    key: 'data',
    fields: {
      documentType: 'DocType',
      period: 'CurPerType',
      code: 'Code',
      periodEnd: 'CurPerEn',
      fiscalYearEnd: 'CurFYEn',
      disclosedOn: 'DiscDate',
      netSales: 'Sales',
      operatingProfit: 'OP',
      ordinaryProfit: 'OdP',
      netIncome: 'NP',
      totalAssets: 'TA',
      netAssets: 'Eq',
      sharesIssued: 'ShOutFY',
    },
  },
  statements,
);

async function loadStatements(db: Transaction<Database>, parsed: ParsedStatement[]): Promise<number> {
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
}
