import { eurostatReleaseCalendarImporter } from '../../importers/calendar/eurostat-release-calendar.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { addDays, isoDay } from '../../../kernel/dates.ts';
import { defineSource, NoParams, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

/** Days before today the request reaches back (a release moved or just made stays current); Eurostat publishes the year ahead. */
const DAYS_BACK = 31;
const DAYS_AHEAD = 366;

/**
 * Eurostat's euro-indicators release calendar, as its release-calendar page asks it
 * (`/eurostat/o/calendars/eventsJson`, euro indicators only, from a month ago to a year ahead
 * of the run): the days of the flash inflation, unemployment and preliminary flash GDP releases
 * (eurostat-release-calendar.ts). The window follows the run's day, so the default never goes stale.
 */
export const eurostatReleaseCalendarSource = defineSource({
  id: 'eurostat-release-calendar',
  publisher: 'eurostat',
  description: 'Eurostat euro-indicators release calendar (eventsJson): flash inflation, unemployment and preliminary flash GDP release days',
  defaultBaseUrl: 'https://ec.europa.eu',
  // Eurostat sets its calendar a year ahead and rarely moves a release; once a day is plenty.
  defaultSchedule: '30 6 * * *',
  timeZone: 'Europe/Luxembourg',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [eurostatReleaseCalendarImporter],
  feeds: [storedFacts.calendarEvents('eu')],
  minRequestIntervalMs: 1000,
  async collect({ baseUrl, fetch, now }): Promise<CollectResult> {
    const today = isoDay(now.getTime());
    const query = new URLSearchParams({
      theme: '0',
      category: '0',
      keywords: '',
      isEuroindicator: 'true',
      authorInclude: '',
      authorExclude: '',
      start: `${addDays(today, -DAYS_BACK)}T00:00:00Z`,
      end: `${addDays(today, DAYS_AHEAD)}T00:00:00Z`,
      timeZone: 'Europe/Luxembourg',
    });
    const answer = await fetchUnconditional(fetch, { url: `${baseUrl}/eurostat/o/calendars/eventsJson?${query.toString()}` });
    return {
      payloads: [
        { importer: eurostatReleaseCalendarImporter, fileName: 'eurostat-release-calendar.json', content: answer.body, archiveHashes: [answer.archiveHash] },
      ],
      cursor: undefined,
    };
  },
});

export const eurostatSources: SourceDefinition[] = [eurostatReleaseCalendarSource];
