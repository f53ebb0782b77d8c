/** The fx domain's tables. */
export interface FxTables {}
