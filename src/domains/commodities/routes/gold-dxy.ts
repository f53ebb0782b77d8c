import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { GoldDxyQuerySchema, GoldDxySchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';
import { commoditiesGoldDxyReads } from '../commodities.reads.ts';

export function commoditiesGoldDxyRoute(service: CommoditiesService): ApiRoute {
  return defineRoute({
    path: '/commodities/gold-dxy',
    operationId: 'commoditiesGoldDxy',
    summary: 'Gold against the US dollar index',
    description: "Both series rebased: pctChange is the percent change from each series' first close in the window.",
    feature: 'commodities_data',
    weight: 3,
    query: GoldDxyQuerySchema,
    data: GoldDxySchema,
    reads: commoditiesGoldDxyReads,
    handler: async ({ query, now }) => ({ data: await service.getGoldDxy({ now, period: query.period }) }),
  });
}
