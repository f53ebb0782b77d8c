import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CommodityMoversSchema, MoversQuerySchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';
import { commoditiesMoversReads } from '../commodities.reads.ts';

export function commoditiesMoversRoute(service: CommoditiesService): ApiRoute {
  return defineRoute({
    path: '/commodities/movers',
    operationId: 'commoditiesMovers',
    summary: 'Top commodity gainers and losers',
    feature: 'commodities_data',
    weight: 3,
    query: MoversQuerySchema,
    data: CommodityMoversSchema,
    reads: commoditiesMoversReads,
    handler: async ({ query, now }) => ({ data: await service.getMovers({ now, limit: query.limit }) }),
  });
}
