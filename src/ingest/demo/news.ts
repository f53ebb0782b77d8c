import type { DemoGenerator } from './framework.ts';

export const newsDemoGenerator: DemoGenerator = {
  name: 'news',
  async clear() {},
  async generate() {},
};
