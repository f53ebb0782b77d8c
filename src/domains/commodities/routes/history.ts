import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CommodityHistorySchema, HistoryParamsSchema, HistoryQuerySchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';
import { commoditiesHistoryReads } from '../commodities.reads.ts';

export function commoditiesHistoryRoute(service: CommoditiesService): ApiRoute {
  return defineRoute({
    path: '/commodities/:id/history',
    operationId: 'commoditiesHistory',
    summary: 'Commodity price history',
    description: 'Daily closes in the window, or the last trading day of each week (Monday to Sunday) with interval=weekly.',
    feature: 'commodities_data',
    weight: 3,
    params: HistoryParamsSchema,
    query: HistoryQuerySchema,
    data: CommodityHistorySchema,
    notFound: true,
    reads: commoditiesHistoryReads,
    handler: async ({ params, query, now }) => ({
      data: await service.getHistory({ now, id: params.id, period: query.period, interval: query.interval }),
    }),
  });
}
