import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { CalendarService } from '../calendar.service.ts';
import { CalendarEventsQuerySchema, CalendarEventsSchema } from '../calendar.schemas.ts';
import { calendarEventsReads } from '../calendar.reads.ts';

export function eventsRoute(service: CalendarService): ApiRoute {
  return defineRoute({
    path: '/calendar/events',
    operationId: 'calendarEvents',
    summary: 'Economic calendar: scheduled releases with actual, forecast and previous',
    description:
      'Events between `from` and `to` (at most 90 days apart), oldest first. `actual` is null until the release time; ' +
      '`previous` is the actual of the indicator’s previous release.',
    feature: 'calendar_data',
    weight: 2,
    query: CalendarEventsQuerySchema,
    data: CalendarEventsSchema,
    reads: calendarEventsReads,
    handler: async ({ query, now }) => ({ data: await service.getEvents({ ...query, now }) }),
  });
}
