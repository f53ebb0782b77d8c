import type { DemoGenerator } from './framework.ts';

export const cryptoDemoGenerator: DemoGenerator = {
  name: 'crypto',
  async clear() {},
  async generate() {},
};
