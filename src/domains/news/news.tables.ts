/** The news domain's tables. */
export interface NewsTables {}
