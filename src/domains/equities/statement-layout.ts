import type { EquityStatementRow } from '../../store/tables/equities.tables.ts';

export type FigureColumn = Exclude<keyof EquityStatementRow, 'code' | 'period_end' | 'fiscal_year_end' | 'fiscal_quarter' | 'disclosed_on' | 'source'>;

/** A line item: read from one stored figure, or the sum of its children where accounting says so. */
export interface LineItem {
  key: string;
  label: string;
  figure?: FigureColumn;
  children?: LineItem[];
}

export const INCOME_STATEMENT_ITEMS: LineItem[] = [
  { key: 'netSales', label: 'Net sales', figure: 'net_sales' },
  {
    key: 'operatingExpenses',
    label: 'Operating expenses',
    children: [
      { key: 'costOfSales', label: 'Cost of sales', figure: 'cost_of_sales' },
      { key: 'sellingGeneralAdministrative', label: 'Selling, general and administrative expenses', figure: 'sga_expenses' },
    ],
  },
  { key: 'operatingProfit', label: 'Operating profit', figure: 'operating_profit' },
  { key: 'ordinaryProfit', label: 'Ordinary profit', figure: 'ordinary_profit' },
  { key: 'netIncome', label: 'Profit attributable to owners of parent', figure: 'net_income' },
];

export const BALANCE_SHEET_ITEMS: LineItem[] = [
  {
    key: 'totalAssets',
    label: 'Total assets',
    figure: 'total_assets',
    children: [
      { key: 'currentAssets', label: 'Current assets', figure: 'current_assets' },
      { key: 'nonCurrentAssets', label: 'Non-current assets', figure: 'non_current_assets' },
    ],
  },
  {
    key: 'totalLiabilities',
    label: 'Total liabilities',
    figure: 'total_liabilities',
    children: [
      { key: 'currentLiabilities', label: 'Current liabilities', figure: 'current_liabilities' },
      { key: 'nonCurrentLiabilities', label: 'Non-current liabilities', figure: 'non_current_liabilities' },
    ],
  },
  { key: 'netAssets', label: 'Net assets', figure: 'net_assets' },
];

export const FIGURE_COLUMNS: FigureColumn[] = [
  'net_sales',
  'cost_of_sales',
  'sga_expenses',
  'operating_profit',
  'ordinary_profit',
  'net_income',
  'total_assets',
  'current_assets',
  'non_current_assets',
  'total_liabilities',
  'current_liabilities',
  'non_current_liabilities',
  'net_assets',
];
