import type { Domain } from './domain.ts';
import { cryptoDomain } from './crypto/index.ts';
import { commoditiesDomain } from './commodities/index.ts';
import { etfDomain } from './etf/index.ts';
import { fxDomain } from './fx/index.ts';
import { indicesDomain } from './indices/index.ts';
import { macroDomain } from './macro/index.ts';
import { equitiesDomain } from './equities/index.ts';
import { newsDomain } from './news/index.ts';
import { calendarDomain } from './calendar/index.ts';
import { realEstateDomain } from './real-estate/index.ts';
import { seriesDomain } from './series/index.ts';

/**
 * The explicit list of domains: drives route registration (and through it the OpenAPI
 * document, in this order) and the datasets `fdh import` knows.
 */
export const domains: readonly Domain[] = [
  cryptoDomain,
  commoditiesDomain,
  etfDomain,
  fxDomain,
  indicesDomain,
  macroDomain,
  equitiesDomain,
  newsDomain,
  calendarDomain,
  realEstateDomain,
  seriesDomain,
];
