/** One published daily close of an FX pair, the dollar index or gold, as the publisher quoted it. */
export interface FxRateRow {
  /** `EUR/USD`, `USD/JPY`, `DXY`, `XAU/USD`: base/quote in market convention. */
  pair: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Units of the quote currency per unit of the base (index points for DXY, USD per troy ounce for gold). */
  close: number;
  source: string;
  /** The import release that wrote the row; null for demo data. */
  release_id: string | null;
}

/** The fx domain's tables. */
export interface FxTables {
  fx_rate: FxRateRow;
}
