import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { FeaturedCommoditiesSchema } from '../commodities.schemas.ts';
import type { CommoditiesService } from '../commodities.service.ts';

export function registerCommoditiesFeaturedRoute(app: FastifyInstance, clock: Clock, service: CommoditiesService): void {
  registerApiRoute(app, clock, {
    path: '/commodities/featured',
    operationId: 'commoditiesFeatured',
    tag: 'Commodities',
    summary: 'Featured commodities',
    feature: 'commodities_data',
    weight: 3,
    data: FeaturedCommoditiesSchema,
    handler: async ({ now }) => ({ data: await service.getFeatured({ now }) }),
  });
}
