import type { DemoGenerator } from './framework.ts';

export const realEstateDemoGenerator: DemoGenerator = {
  name: 'real-estate',
  async clear() {},
  async generate() {},
};
