import type { DemoGenerator } from './framework.ts';

export const indicesDemoGenerator: DemoGenerator = {
  name: 'indices',
  async clear() {},
  async generate() {},
};
