import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { insertRows, type RowOf } from '../../../store/loader.ts';
import { zonedInstant } from '../../../kernel/dates.ts';
import { agencyScheduled, FRED_CALENDAR_SOURCE, releaseRows, US_RELEASES, type ReleaseEvent } from './us-releases.ts';
import { Type, type Static } from 'typebox';
import { readJsonDocument } from '../../publisher-document.ts';

interface ReleaseSpec {
  /** FRED's release_name, checked so that a renumbered release is noticed, not mislabelled. */
  fredName: string;
  /** The agency's announced release time, New York wall clock (FRED publishes days only). */
  time: string;
  events: readonly ReleaseEvent[];
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
    events: US_RELEASES.retailSales,
  },
  10: {
    fredName: 'Consumer Price Index',
    time: '08:30',
    events: US_RELEASES.consumerPriceIndex,
  },
  50: {
    fredName: 'Employment Situation',
    time: '08:30',
    events: US_RELEASES.employmentSituation,
  },
  53: {
    fredName: 'Gross Domestic Product',
    time: '08:30',
    events: US_RELEASES.grossDomesticProduct,
  },
};

export interface FredReleaseDates {
  /** The first day the answer covers: every event of this source from that day on is replaced. */
  from: string;
  rows: RowOf<'calendar_event'>[];
}

/**
 * FRED's `GET /fred/releases/dates?file_type=json` answer: `realtime_start`, `realtime_end`,
 * `order_by`, `sort_order`, `count`, `offset`, `limit` and `release_dates`, a list of
 * `{release_id, release_name, date}` over every FRED release; those of FRED_CALENDAR_RELEASES
 * become the calendar's events, with no actual (the macro store's, or none) and no forecast
 * (no free publisher has a consensus).
 */
export function parseFredReleaseDates(content: string, fileName: string): FredReleaseDates {
  return fredReleaseDates(readJsonDocument(ReleaseDatesSchema, content, fileName), fileName);
}

/** One day a release is (or was) published; FRED names every release, only those of the calendar are checked by name. */
const ReleaseDateSchema = Type.Object({ release_id: Type.Integer(), release_name: Type.Optional(Type.String()), date: Type.String() });

/** What the hub reads of FRED's releases/dates answer: the rest is kept as it came. */
export const ReleaseDatesSchema = Type.Object({ realtime_start: Type.String(), release_dates: Type.Array(ReleaseDateSchema) });

/** The events of an answer already read (one page, or every page's `release_dates` merged). */
export function fredReleaseDates(document: Static<typeof ReleaseDatesSchema>, fileName: string): FredReleaseDates {
  const from = calendarDate(document.realtime_start);
  if (from === undefined) throw new ImportError(`${fileName}: realtime_start ${JSON.stringify(document.realtime_start)} is not a calendar date (YYYY-MM-DD)`);
  const rows: RowOf<'calendar_event'>[] = [];
  const seen = new Set<string>();
  document.release_dates.forEach(({ release_id: releaseId, release_name: releaseName, date }, index) => {
    const where = `${fileName}: release date ${index + 1}`;
    if (calendarDate(date) === undefined) throw new ImportError(`${where}: date ${JSON.stringify(date)} is not a calendar date (YYYY-MM-DD)`);
    const spec = FRED_CALENDAR_RELEASES[releaseId];
    if (spec === undefined) return;
    if (releaseName !== spec.fredName) {
      throw new ImportError(`${where}: release ${releaseId} is named ${JSON.stringify(releaseName)}, not "${spec.fredName}": FRED renumbered its releases`);
    }
    for (const row of releaseRows(spec.events, date, zonedInstant(date, spec.time, NEW_YORK).toISOString(), FRED_CALENDAR_SOURCE)) {
      if (seen.has(row.id)) throw new ImportError(`${where}: release ${releaseId} on ${date} appears twice`);
      seen.add(row.id);
      rows.push(row);
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
    // Where an agency's own schedule (with its times) is stored, its events stand for the release.
    const scheduled = await agencyScheduled(db);
    const kept = rows.filter((row) => !scheduled(row));
    if (kept.length === 0) return 0;
    // Same series and day, same id: the publisher's event replaces the demo's.
    return insertRows(db, 'calendar_event', kept, { onConflict: { key: ['id'], keep: 'new' } });
  },
};
