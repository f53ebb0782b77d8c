import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';
import { MACRO_RELEASE_SERIES } from './macro-releases.ts';

/** The countries whose agencies' schedules the calendar holds. */
const CALENDAR_COUNTRIES = ['us', 'jp', 'vn', 'eu', 'cn'];

/** What `/calendar/events` reads (src/edge/route-reads.ts): the actual of a macro release is the indicator table's cell (macro-releases.ts). */
export const calendarEventsReads: RouteReads = {
  example: '/calendar/events',
  // The events of each country come from its own agencies' schedules.
  fields: {
    '[].name': CALENDAR_COUNTRIES.map(storedFacts.calendarEvents),
    '[].time': CALENDAR_COUNTRIES.map(storedFacts.calendarEvents),
    '[].forecast': CALENDAR_COUNTRIES.map(storedFacts.calendarForecasts),
    '[].actual': MACRO_RELEASE_SERIES.map(storedFacts.macro),
  },
  // Released events: the coming week's have no actual yet.
  fieldExamples: { '[].actual': '/calendar/events?from=2026-06-01&to=2026-06-18' },
  derived: ['[].previous'],
  labels: ['[].id', '[].country', '[].importance', '[].period', '[].unit', '[].source'],
};
