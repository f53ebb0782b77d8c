/** The equities domain's tables. */
export interface EquitiesTables {}
