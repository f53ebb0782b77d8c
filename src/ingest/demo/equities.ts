import type { DemoGenerator } from './framework.ts';

export const equitiesDemoGenerator: DemoGenerator = {
  name: 'equities',
  async clear() {},
  async generate() {},
};
