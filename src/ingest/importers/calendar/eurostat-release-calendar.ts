import { Type } from 'typebox';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { insertRows, type RowOf } from '../../../store/loader.ts';
import { zonedInstant } from '../../../kernel/dates.ts';

export const EUROSTAT_CALENDAR_SOURCE = 'Eurostat euro indicators release calendar';

/** Eurostat releases euro indicators at 11:00 Luxembourg time (its impartial access protocol); the calendar gives the day. */
const RELEASE_TIME = '11:00';
const RELEASE_ZONE = 'Europe/Luxembourg';

interface EuroRelease {
  series: string;
  name: string;
  importance: 'low' | 'medium' | 'high';
  unit: string;
  /** How the calendar's `period` names what the release reports. */
  period: 'month' | 'quarter';
}

/** The euro-indicator releases the calendar shows, by their exact title in Eurostat's calendar (the demo's series codes). */
const EURO_RELEASES: Readonly<Record<string, EuroRelease>> = {
  'Flash estimate inflation euro area': { series: 'eu-cpi-flash', name: 'Inflation Rate YoY Flash', importance: 'high', unit: '%', period: 'month' },
  Unemployment: { series: 'eu-unemployment', name: 'Unemployment Rate', importance: 'low', unit: '%', period: 'month' },
  'Preliminary flash estimate GDP - EU and euro area': {
    series: 'eu-gdp-qoq',
    name: 'GDP Growth Rate QoQ Flash',
    importance: 'medium',
    unit: '%',
    period: 'quarter',
  },
};

const EUROSTAT_SERIES: readonly string[] = Object.values(EURO_RELEASES).map((release) => release.series);

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The calendar's answer: a list of events, each with at least a title and a start (`2026-08-13T11:00Z`). */
const CalendarSchema = Type.Array(
  Type.Object({ title: Type.String(), start: Type.String(), period: Type.Optional(Type.String()) }, { additionalProperties: true }),
  { maxItems: 20_000 },
);

export interface EurostatReleaseCalendar {
  /** The first and last release days the answer lists: Eurostat's schedule over them replaces the earlier one. */
  from: string;
  to: string;
  rows: RowOf<'calendar_event'>[];
}

/** `June 2026` → `2026-06`; `Q2/2026` or `Q2 2026` → `2026-Q2`. */
function periodOf(text: string | undefined, kind: EuroRelease['period'], where: string): string {
  const value = (text ?? '').trim();
  if (kind === 'month') {
    const month = /^([A-Za-z]+)\.?\s+(\d{4})$/.exec(value);
    const index = month === null ? -1 : MONTHS.indexOf((month[1] ?? '').toLowerCase());
    if (month === null || index < 0) throw new ImportError(`${where}: period ${JSON.stringify(text)} is not a month such as "June 2026"`);
    return `${month[2]}-${String(index + 1).padStart(2, '0')}`;
  }
  const quarter = /^Q([1-4])[\s/](\d{4})$/.exec(value);
  if (quarter === null) throw new ImportError(`${where}: period ${JSON.stringify(text)} is not a quarter such as "Q2/2026"`);
  return `${quarter[2]}-Q${quarter[1]}`;
}

/**
 * Eurostat's euro-indicators release calendar as its calendar page reads it
 * (`/eurostat/o/calendars/eventsJson`): a JSON list of events `{recordid, title, period, start,
 * allDay, datasetCodes, euroindAuthor, …}`, `start` the release day (an all-day event, written
 * `2026-10-01T11:00Z`). The flash inflation, unemployment and preliminary flash GDP releases
 * become the calendar's EU events at 11:00 Luxembourg time; the others are left out.
 */
export function parseEurostatReleaseCalendar(content: string, fileName: string): EurostatReleaseCalendar {
  const events = readJsonDocument(CalendarSchema, content, fileName);
  if (events.length === 0) throw new ImportError(`${fileName}: the calendar lists no event`);
  const rows: RowOf<'calendar_event'>[] = [];
  const seen = new Set<string>();
  const days: string[] = [];
  events.forEach((event, index) => {
    const where = `${fileName}: event ${index + 1} (${JSON.stringify(event.title)})`;
    const day = /^(\d{4}-\d{2}-\d{2})T/.exec(event.start)?.[1];
    if (day === undefined || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
      throw new ImportError(`${where}: start ${JSON.stringify(event.start)} is not a day and time`);
    days.push(day);
    const release = EURO_RELEASES[event.title.trim()];
    if (release === undefined) return;
    const id = `${release.series}-${day}`;
    if (seen.has(id)) throw new ImportError(`${where}: a second ${event.title} release on ${day}`);
    seen.add(id);
    rows.push({
      id,
      series: release.series,
      country: 'EU',
      name: release.name,
      importance: release.importance,
      scheduled_at: zonedInstant(day, RELEASE_TIME, RELEASE_ZONE).toISOString(),
      period: periodOf(event.period, release.period, where),
      actual: null,
      forecast: null,
      unit: release.unit,
      source: EUROSTAT_CALENDAR_SOURCE,
    });
  });
  if (rows.length === 0) throw new ImportError(`${fileName}: no ${Object.keys(EURO_RELEASES).join(', ')} event: a changed layout?`);
  days.sort();
  return { from: days[0] ?? '', to: days.at(-1) ?? '', rows };
}

export const eurostatReleaseCalendarImporter: Importer<EurostatReleaseCalendar> = {
  dataset: 'eurostat-release-calendar',
  datasets: ['calendar'],
  description: "Eurostat's euro-indicators release calendar (eventsJson): the flash inflation, unemployment and preliminary flash GDP release days",
  source: 'Eurostat',
  canonicalForm: canonicalJson,
  parse: parseEurostatReleaseCalendar,
  async load(db, { from, to, rows }) {
    // The answer is Eurostat's schedule over its days: it replaces its own earlier one, so a moved release leaves no stale event.
    await db
      .deleteFrom('calendar_event')
      .where('source', '=', EUROSTAT_CALENDAR_SOURCE)
      .where('series', 'in', EUROSTAT_SERIES)
      .where('scheduled_at', '>=', `${from}T00:00:00.000Z`)
      .where('scheduled_at', '<=', `${to}T23:59:59.999Z`)
      .execute();
    // Same series and day, same id: the publisher's event replaces the demo's.
    return insertRows(db, 'calendar_event', rows, { onConflict: { key: ['id'], keep: 'new' } });
  },
};
