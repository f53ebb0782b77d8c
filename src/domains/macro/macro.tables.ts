/** The macro domain's tables. */
export interface MacroTables {}
