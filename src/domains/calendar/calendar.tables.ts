/** The calendar domain's tables. */
export interface CalendarTables {}
