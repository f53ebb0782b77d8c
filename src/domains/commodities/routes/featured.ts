import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { FeaturedCommoditiesSchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';
import { commoditiesFeaturedReads } from '../commodities.reads.ts';

export function commoditiesFeaturedRoute(service: CommoditiesService): ApiRoute {
  return defineRoute({
    path: '/commodities/featured',
    operationId: 'commoditiesFeatured',
    summary: 'Featured commodities',
    feature: 'commodities_data',
    weight: 3,
    data: FeaturedCommoditiesSchema,
    reads: commoditiesFeaturedReads,
    handler: async ({ now }) => ({ data: await service.getFeatured({ now }) }),
  });
}
