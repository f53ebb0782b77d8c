/** The real-estate domain's tables. */
export interface RealEstateTables {}
