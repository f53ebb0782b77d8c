/** The etf domain's tables. */
export interface EtfTables {}
