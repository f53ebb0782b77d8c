import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { RealEstateService } from '../real-estate.service.ts';
import { ProvinceParamsSchema, WardSummariesSchema } from '../real-estate.schemas.ts';

export function registerWardsRoute(app: FastifyInstance, ctx: AppContext, service: RealEstateService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/real-estate/:country/provinces/:provinceId/wards',
    operationId: 'realEstateProvinceWards',
    tag: 'Real Estate',
    summary: 'Wards of a province with the latest land-price table summary',
    feature: 'realestate_data',
    weight: 2,
    params: ProvinceParamsSchema,
    data: WardSummariesSchema,
    notFound: true,
    handler: async ({ params }) => ({ data: await service.getWards(params) }),
  });
}
