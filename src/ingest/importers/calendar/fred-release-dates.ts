import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson, withoutByteOrderMark } from '../../canonical-content.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { insertRows, type RowOf } from '../../loader.ts';
import { addMonths, addQuarters, zonedInstant } from '../../../core/dates.ts';

/** What one calendar series of a FRED release is: its row fields, and the period a release on a day reports. */
interface ReleaseEvent {
  series: string;
  name: string;
  importance: 'low' | 'medium' | 'high';
  unit: string;
  /** FRED gives the day only: the period is the month (or quarter) before the release day's. */
  reports: 'previous-month' | 'previous-quarter';
}

interface ReleaseSpec {
  /** FRED's release_name, checked so that a renumbered release is noticed, not mislabelled. */
  fredName: string;
  /** The agency's announced release time, New York wall clock (FRED publishes days only). */
  time: string;
  events: ReleaseEvent[];
}

const NEW_YORK = 'America/New_York';

/**
 * The FRED releases the calendar shows, by FRED release id (https://fred.stlouisfed.org/releases/),
 * and the series of the calendar each announces (the series codes of macro-releases.ts, whose
 * actual is read from the macro store). All four are published at 8:30 a.m. Eastern (BLS, BEA, Census).
 */
export const FRED_CALENDAR_RELEASES: Readonly<Record<number, ReleaseSpec>> = {
  9: {
    fredName: 'Advance Monthly Sales for Retail and Food Services',
    time: '08:30',
    events: [{ series: 'us-retail-sales-mom', name: 'Retail Sales MoM', importance: 'medium', unit: '%', reports: 'previous-month' }],
  },
  10: {
    fredName: 'Consumer Price Index',
    time: '08:30',
    events: [{ series: 'us-cpi-yoy', name: 'CPI YoY', importance: 'high', unit: '%', reports: 'previous-month' }],
  },
  50: {
    fredName: 'Employment Situation',
    time: '08:30',
    events: [
      { series: 'us-nfp', name: 'Nonfarm Payrolls', importance: 'high', unit: 'K', reports: 'previous-month' },
      { series: 'us-unemployment', name: 'Unemployment Rate', importance: 'high', unit: '%', reports: 'previous-month' },
    ],
  },
  53: {
    fredName: 'Gross Domestic Product',
    time: '08:30',
    events: [{ series: 'us-gdp-qoq', name: 'GDP Growth Rate QoQ', importance: 'high', unit: '%', reports: 'previous-quarter' }],
  },
};

export const FRED_CALENDAR_SOURCE = 'FRED release calendar (Federal Reserve Bank of St. Louis)';

export interface FredReleaseDates {
  /** The first day the answer covers: every event of this source from that day on is replaced. */
  from: string;
  rows: RowOf<'calendar_event'>[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function reportedPeriod(reports: ReleaseEvent['reports'], day: string): string {
  const month = day.slice(0, 7);
  if (reports === 'previous-month') return addMonths(month, -1);
  return addQuarters(`${day.slice(0, 4)}-Q${Math.ceil(Number(day.slice(5, 7)) / 3)}`, -1);
}

/**
 * FRED's `GET /fred/releases/dates?file_type=json` answer: `realtime_start`, `realtime_end`,
 * `order_by`, `sort_order`, `count`, `offset`, `limit` and `release_dates`, a list of
 * `{release_id, release_name, date}` over every FRED release; those of FRED_CALENDAR_RELEASES
 * become the calendar's events, with no actual (the macro store's, or none) and no forecast
 * (no free publisher has a consensus).
 */
export function parseFredReleaseDates(content: string, fileName: string): FredReleaseDates {
  let document: unknown;
  try {
    document = JSON.parse(withoutByteOrderMark(content));
  } catch (error) {
    throw new ImportError(`${fileName}: not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(document) || typeof document.realtime_start !== 'string' || !Array.isArray(document.release_dates)) {
    throw new ImportError(`${fileName}: expected FRED's object with "realtime_start" and a "release_dates" list`);
  }
  const from = calendarDate(document.realtime_start);
  if (from === undefined) throw new ImportError(`${fileName}: realtime_start ${JSON.stringify(document.realtime_start)} is not a calendar date (YYYY-MM-DD)`);
  const rows: RowOf<'calendar_event'>[] = [];
  const seen = new Set<string>();
  document.release_dates.forEach((item: unknown, index) => {
    const where = `${fileName}: release date ${index + 1}`;
    const { release_id: releaseId, release_name: releaseName, date } = (isRecord(item) ? item : {}) as Record<string, unknown>;
    if (typeof releaseId !== 'number' || !Number.isInteger(releaseId)) throw new ImportError(`${where}: release_id ${JSON.stringify(releaseId)} is not a FRED release id`);
    if (typeof date !== 'string' || calendarDate(date) === undefined) throw new ImportError(`${where}: date ${JSON.stringify(date)} is not a calendar date (YYYY-MM-DD)`);
    const spec = FRED_CALENDAR_RELEASES[releaseId];
    if (spec === undefined) return;
    if (releaseName !== spec.fredName) {
      throw new ImportError(`${where}: release ${releaseId} is named ${JSON.stringify(releaseName)}, not "${spec.fredName}": FRED renumbered its releases`);
    }
    const scheduledAt = zonedInstant(date, spec.time, NEW_YORK).toISOString();
    for (const event of spec.events) {
      const id = `${event.series}-${date}`;
      if (seen.has(id)) throw new ImportError(`${where}: release ${releaseId} on ${date} appears twice`);
      seen.add(id);
      rows.push({
        id,
        series: event.series,
        country: 'US',
        name: event.name,
        importance: event.importance,
        scheduled_at: scheduledAt,
        period: reportedPeriod(event.reports, date),
        actual: null,
        forecast: null,
        unit: event.unit,
        source: FRED_CALENDAR_SOURCE,
      });
    }
  });
  return { from, rows };
}

const CALENDAR_SERIES = [...new Set(Object.values(FRED_CALENDAR_RELEASES).flatMap((spec) => spec.events.map((event) => event.series)))];

export const fredReleaseDatesImporter: Importer<FredReleaseDates> = {
  dataset: 'fred-release-dates',
  datasets: ['calendar'],
  description: 'FRED API releases/dates JSON: the schedule of CPI, Employment Situation, GDP and retail sales releases',
  source: 'FRED',
  canonicalForm: canonicalJson,
  parse: parseFredReleaseDates,
  async load(db, { from, rows }) {
    // The answer is the whole schedule from `from` on: a release FRED no longer lists there was moved or cancelled.
    await db
      .deleteFrom('calendar_event')
      .where('source', '=', FRED_CALENDAR_SOURCE)
      .where('series', 'in', CALENDAR_SERIES)
      .where('scheduled_at', '>=', `${from}T00:00:00.000Z`)
      .execute();
    if (rows.length === 0) return 0;
    // Same series and day, same id: the publisher's event replaces the demo's.
    return insertRows(db, 'calendar_event', rows, { onConflict: { key: ['id'], keep: 'new' } });
  },
};
