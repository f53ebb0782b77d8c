import ICAL from 'ical.js';
import { ImportError, type Importer } from '../../source.ts';
import { withoutByteOrderMark } from '../../canonical-content.ts';
import { insertRows, type RowOf } from '../../../store/loader.ts';
import { BLS_CALENDAR_SOURCE, FRED_CALENDAR_SOURCE, releaseRows, US_RELEASES, type ReleaseEvent } from './us-releases.ts';

/** The calendar's name in BLS's file, checked so that another calendar is not read as BLS's. */
const CALENDAR_NAME = 'BLS.gov Economic News Release Schedule';

/** The BLS releases the calendar shows, by their SUMMARY in BLS's schedule. */
const BLS_RELEASES: Readonly<Record<string, readonly ReleaseEvent[]>> = {
  'Employment Situation': US_RELEASES.employmentSituation,
  'Consumer Price Index': US_RELEASES.consumerPriceIndex,
};

export const BLS_SERIES: readonly string[] = Object.values(BLS_RELEASES).flatMap((events) => events.map((event) => event.series));

export interface BlsReleaseSchedule {
  /** The first and last release days the file lists: BLS's schedule over them replaces any earlier one. */
  from: string;
  to: string;
  rows: RowOf<'calendar_event'>[];
}

function calendarOf(text: string, fileName: string): ICAL.Component {
  if (!text.startsWith('BEGIN:VCALENDAR')) throw new ImportError(`${fileName}: not an iCalendar file (it begins ${JSON.stringify(text.slice(0, 40))})`);
  let parsed: unknown[];
  try {
    parsed = ICAL.parse(text) as unknown[];
  } catch (error) {
    throw new ImportError(`${fileName}: not a whole iCalendar file: ${(error as Error).message}`);
  }
  // One calendar parses to its jCal component (`["vcalendar", …]`); several concatenated parse to a list of them.
  if (typeof parsed[0] !== 'string') throw new ImportError(`${fileName}: not one iCalendar calendar`);
  const calendar = new ICAL.Component(parsed);
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  if (name !== CALENDAR_NAME) throw new ImportError(`${fileName}: X-WR-CALNAME is ${JSON.stringify(name)}, not "${CALENDAR_NAME}": not BLS's release schedule`);
  checkZones(calendar, fileName);
  return calendar;
}

/** The latest year an event may start in: ical.js expands a zone's rules up to the year it converts (plus 5). */
const LATEST_YEAR = 2200;
/** Changes one VTIMEZONE rule may expand to through LATEST_YEAR; a real zone's rule changes once a year (US-Eastern since 2007: about 200). */
const MAX_ZONE_CHANGES = 10_000;
const DAY_PARTS = new Set(['BYMONTH', 'BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'WKST']);

/**
 * Refuses a VTIMEZONE that would cost more to expand than a real one, before ical.js expands it
 * (it does when an event's time is converted: every change of every rule from the rule's DTSTART
 * through that year, one object each). A zone's rules recur yearly, on a day: a finer frequency
 * (`FREQ=SECONDLY` from 1970 is 1.7 billion changes), a time-of-day part (`BYHOUR`, `BYMINUTE`,
 * `BYSECOND`), or more than MAX_ZONE_CHANGES changes through LATEST_YEAR is refused.
 */
function checkZones(calendar: ICAL.Component, fileName: string): void {
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const where = `${fileName}: VTIMEZONE ${JSON.stringify(zone.getFirstPropertyValue('tzid'))}`;
    for (const rule of zone.getAllSubcomponents()) {
      for (const property of rule.getAllProperties('rrule')) {
        const recur = property.getFirstValue();
        if (!(recur instanceof ICAL.Recur)) throw new ImportError(`${where}: an RRULE that is not a recurrence rule`);
        if (recur.freq !== 'YEARLY')
          throw new ImportError(`${where}: RRULE FREQ=${recur.freq}: a time zone's rules recur yearly; a finer frequency is refused rather than expanded`);
        const parts = Object.keys(recur.parts);
        const other = parts.find((part) => !DAY_PARTS.has(part));
        if (other !== undefined) throw new ImportError(`${where}: RRULE ${other}: a time zone's rules recur on a day, not by ${other}`);
        const start = rule.getFirstPropertyValue('dtstart');
        const from = start instanceof ICAL.Time ? start.year : 1;
        const through = Math.min(LATEST_YEAR + ICAL.Timezone.EXTRA_COVERAGE, recur.until?.year ?? Infinity);
        const days =
          recur.parts.BYDAY === undefined && recur.parts.BYMONTHDAY === undefined
            ? 1
            : (recur.parts.BYMONTHDAY?.length ?? 0) + (recur.parts.BYDAY?.length ?? 0) * 5;
        const perYear = Math.min(366, (recur.parts.BYMONTH?.length ?? 12) * days);
        const changes = Math.min(recur.count ?? Infinity, (Math.max(0, through - from + 1) / Math.max(1, recur.interval)) * perYear);
        if (changes > MAX_ZONE_CHANGES) {
          throw new ImportError(
            `${where}: its RRULE would expand to about ${Math.round(changes).toLocaleString('en-US')} changes, more than the ${MAX_ZONE_CHANGES.toLocaleString('en-US')} a zone may have`,
          );
        }
      }
    }
  }
}

/** An event's start as BLS gives it: a time in a zone the file defines (BLS writes `DTSTART;TZID=US-Eastern:20260702T083000`). */
function startOf(event: ICAL.Component, where: string): { day: string; at: string } {
  const start = event.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) throw new ImportError(`${where}: no DTSTART`);
  if (start.isDate) throw new ImportError(`${where}: DTSTART ${start.toString()} is a day without a time`);
  // A TZID the file does not define leaves the time floating (read as UTC): refused rather than shifted.
  if (start.zone === undefined || start.zone === ICAL.Timezone.localTimezone) {
    throw new ImportError(`${where}: DTSTART ${start.toString()} is in no time zone the file defines`);
  }
  // Converting a time expands its zone's rules through its year: a release schedule's years only.
  if (start.year < 1900 || start.year > LATEST_YEAR) throw new ImportError(`${where}: DTSTART ${start.toString()} is not between 1900 and ${LATEST_YEAR}`);
  return { day: start.toString().slice(0, 10), at: new Date(start.toUnixTime() * 1000).toISOString() };
}

/**
 * BLS's economic news release schedule (`https://www.bls.gov/schedule/news_release/bls.ics`):
 * a VCALENDAR named "BLS.gov Economic News Release Schedule" with its VTIMEZONE `US-Eastern`
 * and one VEVENT per release (`SUMMARY:Employment Situation`, `DTSTART;TZID=US-Eastern:…`,
 * `DURATION:PT0M`, a UID). The Employment Situation and CPI releases become the calendar's
 * events at BLS's time; the other releases are left out.
 */
export function parseBlsReleaseSchedule(content: string, fileName: string): BlsReleaseSchedule {
  const calendar = calendarOf(withoutByteOrderMark(content), fileName);
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length === 0) throw new ImportError(`${fileName}: the calendar has no VEVENT`);
  const rows: RowOf<'calendar_event'>[] = [];
  const seen = new Set<string>();
  const days: string[] = [];
  events.forEach((event, index) => {
    const summary = event.getFirstPropertyValue('summary');
    const where = `${fileName}: event ${index + 1} (${JSON.stringify(summary)})`;
    const { day, at } = startOf(event, where);
    days.push(day);
    const released = typeof summary === 'string' ? BLS_RELEASES[summary] : undefined;
    if (released === undefined) return;
    for (const row of releaseRows(released, day, at, BLS_CALENDAR_SOURCE)) {
      if (seen.has(row.id)) throw new ImportError(`${where}: a second ${summary} release on ${day}`);
      seen.add(row.id);
      rows.push(row);
    }
  });
  if (rows.length === 0) throw new ImportError(`${fileName}: no ${Object.keys(BLS_RELEASES).join(' or ')} event: a changed layout?`);
  days.sort();
  return { from: days[0] ?? '', to: days.at(-1) ?? '', rows };
}

export const blsReleaseScheduleImporter: Importer<BlsReleaseSchedule> = {
  dataset: 'bls-release-schedule',
  datasets: ['calendar'],
  description: "BLS's economic news release schedule (bls.ics): the Employment Situation and CPI release times",
  source: 'BLS',
  parse: parseBlsReleaseSchedule,
  async load(db, { from, to, rows }) {
    // The file is BLS's whole schedule over its days: it replaces its own earlier one (a moved
    // release leaves no stale event) and FRED's dates of the same releases (one event per release).
    await db
      .deleteFrom('calendar_event')
      .where('source', 'in', [BLS_CALENDAR_SOURCE, FRED_CALENDAR_SOURCE])
      .where('series', 'in', BLS_SERIES)
      .where('scheduled_at', '>=', `${from}T00:00:00.000Z`)
      .where('scheduled_at', '<=', `${to}T23:59:59.999Z`)
      .execute();
    // Same series and day, same id: the publisher's event replaces the demo's.
    return insertRows(db, 'calendar_event', rows, { onConflict: { key: ['id'], keep: 'new' } });
  },
};
