/** The equities domain's tables: what the exchange and the issuers publish, nothing computed. */
export interface EquityIssueRow {
  /** 5-character code: the ticker plus its check character, 0 for common shares (`72030`), 5 for preferred ones. */
  code: string;
  /** 4-character ticker (`7203`, `130A`). */
  ticker: string;
  /** In English where the publisher gives it, else as published. */
  name: string;
  /** The name in Japanese where the publisher gives it beside the English one (J-Quants' `CoName`); else null. */
  name_local?: string | null;
  /** Lower-cased name, so a name search is one portable `like`. */
  search_name: string;
  sector33_code: string;
  sector33_name: string;
  /** `prime`, `standard` or `growth`. */
  segment: string;
  /** `common` or `preferred`. */
  security_type: string;
  /** Shares issued as published on `shares_as_of`; later splits are applied when served. */
  shares_outstanding: number | null;
  shares_as_of: string | null;
  /** Null when the publisher's file does not say (J-Quants listed info does not). */
  listed_on: string | null;
  /** Month (1–12) the fiscal year ends; null until a statement says. */
  fiscal_year_end_month: number | null;
  source: string;
}

export interface EquityBarRow {
  code: string;
  date: string;
  /** Raw prices on that day's share base; open, high and low null where the publisher gave none (the demo, a close-only operator file, bars loaded before migration 0029). */
  open: number | null;
  high: number | null;
  low: number | null;
  /** Raw close on that day's share base. */
  close: number;
  volume: number;
  trading_value: number;
  source: string;
}

/** A trading session of the exchange: the calendar the latest and previous sessions come from. */
export interface EquitySessionRow {
  date: string;
  source: string;
}

export interface EquityActionRow {
  code: string;
  /** First session on the new share base. */
  effective_date: string;
  /** `split` or `reverse_split`. */
  kind: string;
  /** Shares after per share before: 2 for a 1:2 split, 0.1 for a 10:1 reverse split. */
  ratio: number;
  source: string;
}

/**
 * One disclosure of one period. Income-statement figures of quarters are cumulative from the
 * start of the fiscal year, as Japanese issuers publish them; balance-sheet figures are at
 * `period_end`. A later disclosure of the same period is a restatement; both rows stay.
 */
export interface EquityStatementRow {
  code: string;
  period_end: string;
  fiscal_year_end: string;
  /** 1–3 for the quarters, 4 for the full fiscal year. */
  fiscal_quarter: number;
  disclosed_on: string;
  net_sales: number | null;
  cost_of_sales: number | null;
  sga_expenses: number | null;
  operating_profit: number | null;
  ordinary_profit: number | null;
  net_income: number | null;
  total_assets: number | null;
  current_assets: number | null;
  non_current_assets: number | null;
  total_liabilities: number | null;
  current_liabilities: number | null;
  non_current_liabilities: number | null;
  net_assets: number | null;
  source: string;
}

export interface EquitiesTables {
  equity_issue: EquityIssueRow;
  equity_bar: EquityBarRow;
  equity_session: EquitySessionRow;
  equity_action: EquityActionRow;
  equity_statement: EquityStatementRow;
}
