import type { DomainModule } from '../index.ts';

export const calendarDomain: DomainModule = {
  name: 'calendar',
  register() {},
};
