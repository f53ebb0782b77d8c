import type { DemoGenerator } from './framework.ts';

export const commoditiesDemoGenerator: DemoGenerator = {
  name: 'commodities',
  async clear() {},
  async generate() {},
};
