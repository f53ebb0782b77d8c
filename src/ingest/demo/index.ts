import type { DemoGenerator } from './framework.ts';
import { cryptoDemoGenerator } from './crypto.ts';
import { etfDemoGenerator } from './etf.ts';
import { instrumentsDemoGenerator } from './instruments.ts';
import { macroDemoGenerator } from './macro.ts';
import { equitiesDemoGenerator } from './equities.ts';
import { newsDemoGenerator } from './news.ts';
import { calendarDemoGenerator } from './calendar.ts';
import { realEstateDemoGenerator } from './real-estate.ts';

/** Every domain's demo generator, in load order. */
export const demoGenerators: DemoGenerator[] = [
  instrumentsDemoGenerator,
  cryptoDemoGenerator,
  etfDemoGenerator,
  macroDemoGenerator,
  equitiesDemoGenerator,
  newsDemoGenerator,
  calendarDemoGenerator,
  realEstateDemoGenerator,
];
