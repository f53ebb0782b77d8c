import { defineDomain } from '../domain.ts';
import { CalendarService } from './calendar.service.ts';
import { CalendarRepo } from './calendar.repo.ts';
import { MacroRepo } from '../macro/macro.repo.ts';
import { eventsRoute } from './routes/events.ts';

export const calendarDomain = defineDomain({
  name: 'calendar',
  tag: 'Calendar',
  service: (ctx) => new CalendarService(new CalendarRepo(ctx.store.db), new MacroRepo(ctx.store.db)),
  routes: [eventsRoute],
});
