import type { DemoGenerator } from './framework.ts';

/** Every domain's demo generator, in load order. */
export const demoGenerators: DemoGenerator[] = [];
