import type { ReadingEndpoint } from '../edge/route-reads.ts';
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

/** Every route of these domains that declares what it reads, in order. */
function readingEndpoints(declared: readonly Domain[]): ReadingEndpoint[] {
  return declared.flatMap((domain) => domain.declarations()).flatMap(({ path, reads }) => (reads === undefined ? [] : [{ path, reads }]));
}

/** The domains whose endpoints show stored facts: what `/series` names. */
const dataDomains: readonly Domain[] = [
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
];

/**
 * The explicit list of domains: drives route registration (and through it the OpenAPI
 * document, in this order) and the datasets `fdh import` knows.
 */
export const domains: readonly Domain[] = [...dataDomains, seriesDomain(readingEndpoints(dataDomains))];

/**
 * Every route that reads stored facts, with what it reads as its route declares it: what `fdh
 * sync coverage`, the fact registry and the OpenAPI examples read.
 */
export const READING_ENDPOINTS: readonly ReadingEndpoint[] = readingEndpoints(domains);
