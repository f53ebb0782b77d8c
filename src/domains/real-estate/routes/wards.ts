import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { RealEstateService } from '../real-estate.service.ts';
import { ProvinceParamsSchema, WardSummariesSchema } from '../real-estate.schemas.ts';
import { wardsReads } from '../real-estate.reads.ts';

export function wardsRoute(service: RealEstateService): ApiRoute {
  return defineRoute({
    path: '/real-estate/:country/provinces/:provinceId/wards',
    operationId: 'realEstateProvinceWards',
    summary: 'Wards of a province with the latest land-price table summary',
    feature: 'realestate_data',
    weight: 2,
    params: ProvinceParamsSchema,
    data: WardSummariesSchema,
    notFound: true,
    reads: wardsReads,
    handler: async ({ params }) => ({ data: await service.getWards(params) }),
  });
}
