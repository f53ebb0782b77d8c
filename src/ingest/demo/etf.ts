import type { DemoGenerator } from './framework.ts';

export const etfDemoGenerator: DemoGenerator = {
  name: 'etf',
  async clear() {},
  async generate() {},
};
