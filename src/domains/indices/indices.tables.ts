/** The indices domain's tables. */
export interface IndicesTables {}
