import type { DemoGenerator } from './framework.ts';

export const fxDemoGenerator: DemoGenerator = {
  name: 'fx',
  async clear() {},
  async generate() {},
};
