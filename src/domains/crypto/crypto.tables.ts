/** The crypto domain's tables. */
export interface CryptoTables {}
