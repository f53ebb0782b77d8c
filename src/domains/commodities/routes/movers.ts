import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { CommodityMoversSchema, MoversQuerySchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';

export function registerCommoditiesMoversRoute(app: FastifyInstance, clock: Clock, service: CommoditiesService): void {
  registerApiRoute(app, clock, {
    path: '/commodities/movers',
    operationId: 'commoditiesMovers',
    tag: 'Commodities',
    summary: 'Top commodity gainers and losers',
    feature: 'commodities_data',
    weight: 3,
    query: MoversQuerySchema,
    data: CommodityMoversSchema,
    handler: async ({ query, now }) => ({ data: await service.getMovers({ now, limit: query.limit ?? 3 }) }),
  });
}
