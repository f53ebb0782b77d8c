import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context.ts';

/** A data domain: registers its routes through `registerApiRoute`. */
export interface DomainModule {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}

/** The explicit list of domains: drives registration and, through their routes, the OpenAPI document. */
export const domains: DomainModule[] = [];
