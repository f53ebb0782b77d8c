import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { GoldDxyQuerySchema, GoldDxySchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';

export function registerCommoditiesGoldDxyRoute(app: FastifyInstance, clock: Clock, service: CommoditiesService): void {
  registerApiRoute(app, clock, {
    path: '/commodities/gold-dxy',
    operationId: 'commoditiesGoldDxy',
    tag: 'Commodities',
    summary: 'Gold against the US dollar index',
    description: 'Both series rebased: pctChange is the percent change from each series\' first close in the window.',
    feature: 'commodities_data',
    weight: 3,
    query: GoldDxyQuerySchema,
    data: GoldDxySchema,
    handler: async ({ query, now }) => ({ data: await service.getGoldDxy({ now, period: query.period ?? '3m' }) }),
  });
}
