import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context.ts';
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

/** A data domain: registers its routes through `registerApiRoute`. */
export interface DomainModule {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}

/** The explicit list of domains: drives registration and, through their routes, the OpenAPI document. */
export const domains: DomainModule[] = [
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
