/** One market index as its publisher describes it. */
export interface MarketIndexRow {
  /** `N225`, `TOPIX`, `SPX`, `VNINDEX`. */
  code: string;
  name: string;
  /** ISO 3166-1 alpha-2 country of the market. */
  country: string;
  region: string;
  /** `japan` (the Tokyo snapshot) or `global`. */
  board: string;
  currency: string;
  /** Order within its board. */
  position: number;
  source: string;
}

/** The indices domain's tables; their closes live in the instruments' series store. */
export interface IndicesTables {
  market_index: MarketIndexRow;
}
