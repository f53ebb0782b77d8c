import type { EquityStatementRow } from '../../store/tables/equities.tables.ts';
import type { FinancialStatement, StatementColumn, StatementKind, StatementRow } from './equities.schemas.ts';
import { BALANCE_SHEET_ITEMS, FIGURE_COLUMNS, INCOME_STATEMENT_ITEMS, type FigureColumn, type LineItem } from './statement-layout.ts';
import { trailingTwelveMonths } from './trailing-twelve-months.ts';

const ANNUAL_COLUMNS: Record<StatementKind, number> = { 'income-statement': 3, 'balance-sheet': 4 };
export const STATEMENT_CURRENCY = 'JPY';

export interface StatementAnswer {
  statement: FinancialStatement;
  sources: string[];
  /** Latest disclosure date among the periods the columns cover. */
  disclosedOn: string | null;
  wasRestated: boolean;
}

interface ServedPeriod {
  row: EquityStatementRow;
  restated: boolean;
}

/** The disclosure served for each period is the latest; it is restated when an earlier one differs. */
function servedPeriods(disclosures: readonly EquityStatementRow[]): ServedPeriod[] {
  const byPeriod = new Map<string, ServedPeriod>();
  for (const row of disclosures) {
    const earlier = byPeriod.get(row.period_end);
    const restated = earlier !== undefined && (earlier.restated || FIGURE_COLUMNS.some((f) => earlier.row[f] !== row[f]));
    if (earlier === undefined || row.disclosed_on >= earlier.row.disclosed_on) byPeriod.set(row.period_end, { row, restated });
  }
  return [...byPeriod.values()].sort((a, b) => (a.row.period_end < b.row.period_end ? -1 : 1));
}

const fiscalYearLabel = (periodEnd: string) => `FY${periodEnd.slice(0, 4)}/${periodEnd.slice(5, 7)}`;

function sumOrNull(values: readonly (number | null)[]): number | null {
  let total = 0;
  for (const value of values) {
    if (value === null) return null;
    total += value;
  }
  return total;
}

function buildRow(item: LineItem, columns: readonly StatementColumn[], figure: (column: StatementColumn, f: FigureColumn) => number | null): StatementRow {
  const children = (item.children ?? []).map((child) => buildRow(child, columns, figure));
  const values: Record<string, number | null> = {};
  for (const column of columns) {
    values[column.key] = item.figure !== undefined ? figure(column, item.figure) : sumOrNull(children.map((child) => child.values[column.key] ?? null));
  }
  return { key: item.key, label: item.label, unit: STATEMENT_CURRENCY, values, children };
}

/**
 * Income statement: TTM (from the year-to-date disclosures) then the last 3 fiscal years,
 * newest first. Balance sheet: the last 4 fiscal years, newest first, amounts as at year end.
 */
export function buildFinancialStatement(kind: StatementKind, disclosures: readonly EquityStatementRow[]): StatementAnswer {
  const served = servedPeriods(disclosures);
  const annual = served
    .filter((p) => p.row.fiscal_quarter === 4)
    .reverse()
    .slice(0, ANNUAL_COLUMNS[kind]);
  const latest = served[served.length - 1];
  const empty: FinancialStatement = { statement: kind, currency: STATEMENT_CURRENCY, columns: [], rows: [], dataAsOf: null, lastUpdatedAt: null };
  if (latest === undefined || (kind === 'balance-sheet' && annual.length === 0)) {
    return { statement: empty, sources: [], disclosedOn: null, wasRestated: false };
  }

  const columns: StatementColumn[] = annual.map((p) => ({
    key: p.row.period_end,
    label: fiscalYearLabel(p.row.period_end),
    periodType: 'annual',
    periodEnd: p.row.period_end,
  }));
  const annualByKey = new Map(annual.map((p) => [p.row.period_end, p.row]));
  const ttm = new Map<FigureColumn, number | null>();
  if (kind === 'income-statement') {
    columns.unshift({ key: 'ttm', label: 'TTM', periodType: 'ttm', periodEnd: latest.row.period_end });
    for (const figure of FIGURE_COLUMNS) {
      const result = trailingTwelveMonths(
        served.map(({ row }) => ({ fiscalYearEnd: row.fiscal_year_end, fiscalQuarter: row.fiscal_quarter, periodEnd: row.period_end, value: row[figure] })),
      );
      ttm.set(figure, result?.value ?? null);
    }
  }
  const figure = (column: StatementColumn, f: FigureColumn) =>
    column.periodType === 'ttm' ? (ttm.get(f) ?? null) : (annualByKey.get(column.key)?.[f] ?? null);
  const items = kind === 'income-statement' ? INCOME_STATEMENT_ITEMS : BALANCE_SHEET_ITEMS;
  const rows = items.map((item) => buildRow(item, columns, figure));

  // The periods behind the columns: the annual ones, and for TTM every quarter since the oldest column.
  const oldest = columns[columns.length - 1]?.periodEnd ?? latest.row.period_end;
  const covered = kind === 'income-statement' ? served.filter((p) => p.row.period_end >= oldest) : annual;
  const disclosedOn = covered.reduce((max, p) => (p.row.disclosed_on > max ? p.row.disclosed_on : max), '');
  const dataAsOf = columns.reduce((max, c) => (c.periodEnd > max ? c.periodEnd : max), '');
  return {
    statement: {
      statement: kind,
      currency: STATEMENT_CURRENCY,
      columns,
      rows,
      dataAsOf,
      lastUpdatedAt: `${disclosedOn}T00:00:00.000Z`,
    },
    sources: [...new Set(covered.map((p) => p.row.source))].sort(),
    disclosedOn,
    wasRestated: covered.some((p) => p.restated),
  };
}
