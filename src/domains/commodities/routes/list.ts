import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CommodityListSchema, ListQuerySchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';
import { commoditiesListReads } from '../commodities.reads.ts';

export function commoditiesListRoute(service: CommoditiesService): ApiRoute {
  return defineRoute({
    path: '/commodities',
    operationId: 'commoditiesList',
    summary: 'Commodity prices',
    description: 'Latest close, 1-day/MTD/YTD changes, 50-close moving average, trend and a 5-close trendline per commodity.',
    feature: 'commodities_data',
    weight: 3,
    query: ListQuerySchema,
    data: CommodityListSchema,
    reads: commoditiesListReads,
    handler: async ({ query, now }) => ({
      data: await service.listCommodities({
        now,
        category: query.category,
        search: query.search,
        sort: query.sort,
        order: query.order,
      }),
    }),
  });
}
