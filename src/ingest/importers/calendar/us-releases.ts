import type { Kysely } from 'kysely';
import type { RowOf } from '../../../store/loader.ts';
import type { Database } from '../../../store/schema.ts';
import { addMonths, addQuarters } from '../../../kernel/dates.ts';

export const FRED_CALENDAR_SOURCE = 'FRED release calendar (Federal Reserve Bank of St. Louis)';
export const BLS_CALENDAR_SOURCE = 'BLS economic news release schedule (U.S. Bureau of Labor Statistics)';

/** One calendar series an agency's release announces: its row fields, and the period a release on a day reports. */
export interface ReleaseEvent {
  series: string;
  name: string;
  importance: 'low' | 'medium' | 'high';
  unit: string;
  /** Neither FRED nor BLS's schedule names the period: it is the month (or quarter) before the release day's. */
  reports: 'previous-month' | 'previous-quarter';
}

/** The US releases the calendar shows and the series of each (the codes of macro-releases.ts and the demo's). */
export const US_RELEASES = {
  employmentSituation: [
    { series: 'us-nfp', name: 'Nonfarm Payrolls', importance: 'high', unit: 'K', reports: 'previous-month' },
    { series: 'us-unemployment', name: 'Unemployment Rate', importance: 'high', unit: '%', reports: 'previous-month' },
  ],
  consumerPriceIndex: [{ series: 'us-cpi-yoy', name: 'CPI YoY', importance: 'high', unit: '%', reports: 'previous-month' }],
  retailSales: [{ series: 'us-retail-sales-mom', name: 'Retail Sales MoM', importance: 'medium', unit: '%', reports: 'previous-month' }],
  grossDomesticProduct: [{ series: 'us-gdp-qoq', name: 'GDP Growth Rate QoQ', importance: 'high', unit: '%', reports: 'previous-quarter' }],
} as const satisfies Record<string, readonly ReleaseEvent[]>;

function reportedPeriod(reports: ReleaseEvent['reports'], day: string): string {
  const month = day.slice(0, 7);
  if (reports === 'previous-month') return addMonths(month, -1);
  return addQuarters(`${day.slice(0, 4)}-Q${Math.ceil(Number(day.slice(5, 7)) / 3)}`, -1);
}

/**
 * The calendar's events of one release on `day` (the agency's own date), one per series, with
 * the demo's ids (`us-cpi-yoy-2026-06-10`); no actual (the macro store's, or none) and no
 * forecast (no free publisher has a consensus).
 */
export const releaseRows = (events: readonly ReleaseEvent[], day: string, scheduledAt: string, source: string): RowOf<'calendar_event'>[] =>
  events.map((event) => ({
    id: `${event.series}-${day}`,
    series: event.series,
    country: 'US',
    name: event.name,
    importance: event.importance,
    scheduled_at: scheduledAt,
    period: reportedPeriod(event.reports, day),
    actual: null,
    forecast: null,
    unit: event.unit,
    source,
  }));

/**
 * Which of FRED's events an agency's own schedule stands for: an event of a series BLS's
 * schedule carries, on a day between the first and the last release stored from it (the days
 * its file covered), where BLS gives the day and the time FRED does not. So each release is one
 * event, whichever source ran last (the BLS importer removes FRED's events of its series over
 * the days its file covers).
 */
export async function agencyScheduled(db: Kysely<Database>): Promise<(row: Pick<RowOf<'calendar_event'>, 'series' | 'scheduled_at'>) => boolean> {
  const spans = await db
    .selectFrom('calendar_event')
    .select(['series', (eb) => eb.fn.min('scheduled_at').as('first'), (eb) => eb.fn.max('scheduled_at').as('last')])
    .where('source', '=', BLS_CALENDAR_SOURCE)
    .groupBy('series')
    .execute();
  const series = new Set(spans.map((span) => span.series));
  const first = spans.map((span) => span.first.slice(0, 10)).sort()[0];
  const last = spans
    .map((span) => span.last.slice(0, 10))
    .sort()
    .at(-1);
  return (row) =>
    first !== undefined && last !== undefined && series.has(row.series) && row.scheduled_at.slice(0, 10) >= first && row.scheduled_at.slice(0, 10) <= last;
}
