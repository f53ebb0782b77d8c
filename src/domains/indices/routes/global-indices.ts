import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { MarketIndexListSchema } from '../indices.schemas.ts';
import type { IndicesService } from '../indices.service.ts';

export function registerGlobalIndices(app: FastifyInstance, ctx: AppContext, service: IndicesService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/market/global-indices',
    operationId: 'marketGlobalIndices',
    tag: 'Market',
    summary: 'Major world stock indices: latest level and change from the previous close',
    feature: 'market_data',
    weight: 2,
    data: MarketIndexListSchema,
    handler: async () => ({ data: await service.getBoard({ board: 'global' }) }),
  });
}
