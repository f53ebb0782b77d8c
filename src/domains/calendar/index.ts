import type { DomainModule } from '../index.ts';
import { CalendarService } from './calendar.service.ts';
import { MacroRepo } from '../macro/macro.repo.ts';
import { registerEventsRoute } from './routes/events.ts';

export const calendarDomain: DomainModule = {
  name: 'calendar',
  register(app, ctx) {
    registerEventsRoute(app, ctx, new CalendarService(ctx.store.db, new MacroRepo(ctx.store.db)));
  },
};
