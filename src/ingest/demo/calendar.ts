import type { DemoGenerator } from './framework.ts';

export const calendarDemoGenerator: DemoGenerator = {
  name: 'calendar',
  async clear() {},
  async generate() {},
};
