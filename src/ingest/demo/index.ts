import type { DemoGenerator } from './framework.ts';
import { cryptoDemoGenerator } from './crypto.ts';
import { commoditiesDemoGenerator } from './commodities.ts';
import { etfDemoGenerator } from './etf.ts';
import { fxDemoGenerator } from './fx.ts';
import { indicesDemoGenerator } from './indices.ts';
import { macroDemoGenerator } from './macro.ts';
import { equitiesDemoGenerator } from './equities.ts';
import { newsDemoGenerator } from './news.ts';
import { calendarDemoGenerator } from './calendar.ts';
import { realEstateDemoGenerator } from './real-estate.ts';

/** Every domain's demo generator, in load order. */
export const demoGenerators: DemoGenerator[] = [
  cryptoDemoGenerator,
  commoditiesDemoGenerator,
  etfDemoGenerator,
  fxDemoGenerator,
  indicesDemoGenerator,
  macroDemoGenerator,
  equitiesDemoGenerator,
  newsDemoGenerator,
  calendarDemoGenerator,
  realEstateDemoGenerator,
];
