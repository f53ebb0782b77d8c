import type { SourceDefinition } from '../sync/source-definition.ts';
import { coingeckoSources } from './coingecko/index.ts';
import { ecbSources } from './ecb/index.ts';
import { fredSources } from './fred/index.ts';
import { jbaSources } from './jba/index.ts';
import { jquantsSources } from './jquants/index.ts';
import { mlitSources } from './mlit/index.ts';
import { mlitKsjSources } from './mlit-ksj/index.ts';
import { rssSources } from './rss/index.ts';
import { soumuSources } from './soumu/index.ts';

/** Every shipped source of `fdh sync`, one publisher module each (docs/data-sources.md). */
export const sources: SourceDefinition[] = [
  ...ecbSources,
  ...fredSources,
  ...coingeckoSources,
  ...jquantsSources,
  ...jbaSources,
  ...rssSources,
  ...soumuSources,
  ...mlitKsjSources,
  ...mlitSources,
];
