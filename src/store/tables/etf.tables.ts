/** One fund: a Tokyo-listed ETF or a Vietnamese open-end fund, as its manager describes it. */
export interface EtfFundRow {
  id: number;
  code: string;
  name: string;
  name_jp: string | null;
  management_company: string;
  index_name: string | null;
  trading_unit: number | null;
  /** Annual trust fee (MER), percent. */
  trust_fee: number | null;
  /** ISO 3166 alpha-2, lower case (`jp`, `vn`). */
  country: string;
  distribution_yield: number | null;
  etf_type: string;
  listing_date: string | null;
  currency: string;
  source: string;
}

/** The NAV the manager publishes for one day, with the fund size behind it. */
export interface EtfNavRow {
  fund_code: string;
  date: string;
  /** NAV per unit. */
  nav: number;
  /** Total net assets, in the fund's currency. */
  total_net_assets: number | null;
  units_outstanding: number | null;
  source: string;
}

/** One exchange session of a listed fund. */
export interface EtfPriceRow {
  id: number;
  fund_code: string;
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
  source: string;
}

/** One line of a holdings snapshot (a PCF or a monthly portfolio report). */
export interface EtfHoldingRow {
  id: number;
  fund_code: string;
  fund_date: string;
  symbol: string;
  name: string;
  isin: string | null;
  exchange: string | null;
  currency: string | null;
  sector: string | null;
  /**
   * `stock` or `bond`; cash and the rest are what the fund's net assets leave over. Null where
   * the publisher names none (ICE's PCF).
   */
  asset_class: string | null;
  shares: number;
  price: number | null;
  /** Per-share fundamentals of the holding, for the fund's valuation yields. */
  eps: number | null;
  bps: number | null;
  sps: number | null;
  cfps: number | null;
  source: string;
}

/** The etf domain's tables. */
export interface EtfTables {
  etf_fund: EtfFundRow;
  etf_nav: EtfNavRow;
  etf_price: EtfPriceRow;
  etf_holding: EtfHoldingRow;
}
