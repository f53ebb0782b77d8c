import type { DemoGenerator } from './framework.ts';

export const macroDemoGenerator: DemoGenerator = {
  name: 'macro',
  async clear() {},
  async generate() {},
};
