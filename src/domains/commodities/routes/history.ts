import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { CommodityHistorySchema, HistoryParamsSchema, HistoryQuerySchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';

export function registerCommoditiesHistoryRoute(app: FastifyInstance, clock: Clock, service: CommoditiesService): void {
  registerApiRoute(app, clock, {
    path: '/commodities/:id/history',
    operationId: 'commoditiesHistory',
    tag: 'Commodities',
    summary: 'Commodity price history',
    description: 'Daily closes in the window, or the last trading day of each week (Monday to Sunday) with interval=weekly.',
    feature: 'commodities_data',
    weight: 3,
    params: HistoryParamsSchema,
    query: HistoryQuerySchema,
    data: CommodityHistorySchema,
    notFound: true,
    handler: async ({ params, query, now }) => ({
      data: await service.getHistory({ now, id: params.id, period: query.period ?? '3m', interval: query.interval ?? 'daily' }),
    }),
  });
}
