/* Row shapes are type aliases, not interfaces, so they fit insertChunked's Record<string, unknown> rows. */
/** One daily close of one commodity (slug from the catalogue), as its publisher printed it. */
export type CommodityPriceRow = {
  commodity_id: string;
  date: string;
  close: number;
  source: string;
};

/** The commodities domain's tables. */
export interface CommoditiesTables {
  commodity_price: CommodityPriceRow;
}
