/**
 * The kinds of figure the hub serves: each stored fact (patterns.ts: `table` or
 * `table:key`) belongs to one family, which names it for users (`index.close:FTSE`,
 * `macro:us.cpi`, `etf.trustFee`) and says what one figure of it is. The family is where a
 * fact's unit, frequency, time zone and point-in-time rule are declared once.
 */

/** How often the publisher adds a figure: `event` for dated events, `static` for reference data revised now and then. */
export type Frequency = 'intraday' | 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'annual' | 'event' | 'static';

/** The documented operator file format (docs/data-sources.md) that loads facts of the family. */
export type OperatorFormat = 'observations' | 'events' | 'instruments' | 'geography';

export interface FactFamily {
  /** The user's name of the family: a fact is `name` or `name:key`. */
  name: string;
  /**
   * Where its facts are stored, as a patterns.ts pattern. A pattern ending in `*` is keyed: the
   * fact's key is the rest of the stored key (`instrument_close:index:*` → `index.close:FTSE`).
   */
  stored: string;
  /** What one figure is. */
  what: string;
  unit: string;
  frequency: Frequency;
  /** The zone its dates are in: a close's exchange, a statistic's country. */
  timeZone: string;
  /** What `asOf` returns for it. */
  pointInTime: string;
  format: OperatorFormat;
}

const VINTAGE = 'each release is kept: asOf returns the latest figure the hub knew at the end of that day, revisions included';
const KNOWN_AT = 'asOf returns the figures the hub knew at the end of that day (the knowledge time of their release)';
const DATED = 'asOf returns the rows dated on or before that day';
const REFERENCE = 'reference data: the current description, whatever asOf asks';

export const FACT_FAMILIES: readonly FactFamily[] = [
  { name: 'index.close', stored: 'instrument_close:index:*', what: "an index's daily closing level", unit: 'index points', frequency: 'daily', timeZone: "the index's exchange", pointInTime: KNOWN_AT, format: 'observations' },
  { name: 'fx.close', stored: 'instrument_close:fx:*', what: "a currency pair's daily reference rate", unit: 'quote currency per base currency', frequency: 'daily', timeZone: "the publisher's fixing time", pointInTime: KNOWN_AT, format: 'observations' },
  { name: 'commodity.close', stored: 'instrument_close:commodity:*', what: "a commodity's daily or monthly price", unit: "the commodity's quoted unit (commodities.catalog.ts)", frequency: 'daily', timeZone: "the commodity's exchange", pointInTime: KNOWN_AT, format: 'observations' },
  { name: 'macro', stored: 'macro_observation:*', what: "a country's statistic for one period", unit: "the series' unit (macro/series.ts)", frequency: 'monthly', timeZone: "the country's", pointInTime: VINTAGE, format: 'observations' },
  { name: 'crypto.metric', stored: 'crypto_metric:*', what: 'an on-chain or derivatives figure at a time', unit: "the metric's (crypto.metrics.ts)", frequency: 'daily', timeZone: 'UTC', pointInTime: DATED, format: 'observations' },
  { name: 'crypto.snapshot', stored: 'crypto_market_snapshot', what: "each coin's price, market cap and volume at a time", unit: 'USD', frequency: 'intraday', timeZone: 'UTC', pointInTime: DATED, format: 'observations' },
  { name: 'crypto.coin', stored: 'crypto_coin', what: "a coin's symbol and name", unit: 'text', frequency: 'static', timeZone: 'UTC', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'crypto.fearGreed', stored: 'crypto_fear_greed', what: 'the crypto fear and greed index of a day', unit: 'index 0–100', frequency: 'daily', timeZone: 'UTC', pointInTime: DATED, format: 'observations' },
  { name: 'etf.name', stored: 'etf_fund:name', what: "a fund's name", unit: 'text', frequency: 'static', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'etf.manager', stored: 'etf_fund:manager', what: "a fund's management company", unit: 'text', frequency: 'static', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'etf.index', stored: 'etf_fund:index', what: 'the index a fund tracks', unit: 'text', frequency: 'static', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'etf.trustFee', stored: 'etf_fund:trust_fee', what: "a fund's yearly trust fee (management expense ratio)", unit: 'percent a year', frequency: 'static', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'etf.listingDate', stored: 'etf_fund:listing_date', what: "the day a fund was listed", unit: 'date', frequency: 'static', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'etf.tradingUnit', stored: 'etf_fund:trading_unit', what: "a fund's trading unit (units per lot)", unit: 'units', frequency: 'static', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'etf.distributionYield', stored: 'etf_fund:distribution_yield', what: "a fund's trailing distribution yield", unit: 'percent', frequency: 'static', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'etf.nav', stored: 'etf_nav', what: "a fund's net asset value per unit, net assets and units outstanding of a day", unit: "the fund's currency", frequency: 'daily', timeZone: 'Asia/Tokyo', pointInTime: DATED, format: 'observations' },
  { name: 'etf.price', stored: 'etf_price', what: "a fund's daily market price bar", unit: "the fund's currency", frequency: 'daily', timeZone: 'Asia/Tokyo', pointInTime: DATED, format: 'observations' },
  { name: 'etf.holding', stored: 'etf_holding', what: "a fund's holdings on a day (its portfolio composition file)", unit: 'shares and weight percent', frequency: 'daily', timeZone: 'Asia/Tokyo', pointInTime: DATED, format: 'instruments' },
  { name: 'etf.holdingSector', stored: 'etf_holding:sector', what: "the sector of each of a fund's holdings", unit: 'text', frequency: 'daily', timeZone: 'Asia/Tokyo', pointInTime: DATED, format: 'instruments' },
  { name: 'etf.holdingValuation', stored: 'etf_holding:valuation', what: "each holding's earnings, book value, sales and cash flow per share", unit: "the holding's currency per share", frequency: 'daily', timeZone: 'Asia/Tokyo', pointInTime: DATED, format: 'instruments' },
  { name: 'equity.listedOn', stored: 'equity_issue:listed_on', what: 'the day an issue was listed', unit: 'date', frequency: 'static', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'equity.issue', stored: 'equity_issue', what: "a listed issue's name, sector and segment", unit: 'text', frequency: 'daily', timeZone: 'Asia/Tokyo', pointInTime: REFERENCE, format: 'instruments' },
  { name: 'equity.bar', stored: 'equity_bar', what: "an issue's daily price bar", unit: 'JPY, shares', frequency: 'daily', timeZone: 'Asia/Tokyo', pointInTime: DATED, format: 'observations' },
  { name: 'equity.session', stored: 'equity_session', what: "the exchange's trading days", unit: 'date', frequency: 'daily', timeZone: 'Asia/Tokyo', pointInTime: DATED, format: 'events' },
  { name: 'equity.statement', stored: 'equity_statement', what: "an issuer's disclosed financial statement figures", unit: 'JPY', frequency: 'quarterly', timeZone: 'Asia/Tokyo', pointInTime: 'asOf returns the statements disclosed on or before that day', format: 'observations' },
  { name: 'equity.action', stored: 'equity_action', what: "an issue's splits and reverse splits", unit: 'ratio', frequency: 'event', timeZone: 'Asia/Tokyo', pointInTime: DATED, format: 'events' },
  { name: 'news.article', stored: 'news_article', what: 'a published news article', unit: 'text', frequency: 'intraday', timeZone: 'UTC', pointInTime: 'asOf returns the articles published on or before that day', format: 'events' },
  { name: 'news.symbol', stored: 'news_article_symbol', what: 'the symbols an article names', unit: 'text', frequency: 'intraday', timeZone: 'UTC', pointInTime: 'with its article', format: 'events' },
  { name: 'news.category', stored: 'news_article_category', what: "an article's categories", unit: 'text', frequency: 'intraday', timeZone: 'UTC', pointInTime: 'with its article', format: 'events' },
  { name: 'calendar.forecast', stored: 'calendar_event:*.forecast', what: "the consensus forecast of a scheduled release's figure", unit: "the release's unit", frequency: 'event', timeZone: "the releasing agency's", pointInTime: 'the forecast as last published before the release', format: 'events' },
  { name: 'calendar.event', stored: 'calendar_event:*', what: "a country's scheduled statistical release or policy decision", unit: 'time and figures', frequency: 'event', timeZone: "the releasing agency's", pointInTime: 'the schedule as last published; actuals are the macro figures', format: 'events' },
  { name: 're.provinceBoundary', stored: 're_province:*.boundary', what: "a province's boundary", unit: 'GeoJSON, WGS 84', frequency: 'static', timeZone: "the country's", pointInTime: REFERENCE, format: 'geography' },
  { name: 're.province', stored: 're_province:*', what: "a country's provinces (prefectures)", unit: 'text', frequency: 'static', timeZone: "the country's", pointInTime: REFERENCE, format: 'geography' },
  { name: 're.wardBoundary', stored: 're_ward:*.boundary', what: "a ward's (municipality's) boundary", unit: 'GeoJSON, WGS 84', frequency: 'static', timeZone: "the country's", pointInTime: REFERENCE, format: 'geography' },
  { name: 're.ward', stored: 're_ward:*', what: "a province's wards (municipalities)", unit: 'text', frequency: 'static', timeZone: "the country's", pointInTime: REFERENCE, format: 'geography' },
  { name: 're.roadPrice', stored: 're_road_price', what: "a road's land price by position (VT1–VT4) for a year", unit: 'VND per square metre', frequency: 'annual', timeZone: 'Asia/Ho_Chi_Minh', pointInTime: DATED, format: 'observations' },
  { name: 're.provincePrice', stored: 're_province_price', what: "a province's average listed price by property type for a month", unit: 'local currency per square metre', frequency: 'monthly', timeZone: "the country's", pointInTime: DATED, format: 'observations' },
  { name: 're.transaction', stored: 're_transaction:*', what: 'a recorded real-estate transaction', unit: 'local currency, square metres', frequency: 'quarterly', timeZone: "the country's", pointInTime: DATED, format: 'events' },
];
