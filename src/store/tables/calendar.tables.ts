/**
 * One scheduled release of an indicator. `actual` is what the publisher released (null until
 * then); `previous` is never stored: it is the prior release of the same series.
 */
export interface CalendarEventRow {
  id: string;
  series: string;
  country: string;
  name: string;
  importance: string;
  scheduled_at: string;
  period: string;
  actual: number | null;
  forecast: number | null;
  unit: string;
  source: string;
}

/** The calendar domain's tables. */
export interface CalendarTables {
  calendar_event: CalendarEventRow;
}
