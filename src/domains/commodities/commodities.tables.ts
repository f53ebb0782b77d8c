/** The commodities domain's tables. */
export interface CommoditiesTables {}
