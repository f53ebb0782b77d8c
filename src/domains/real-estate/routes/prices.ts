import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { RealEstateService } from '../real-estate.service.ts';
import { PriceSeriesSchema, PricesQuerySchema, ProvinceParamsSchema } from '../real-estate.schemas.ts';
import { provincePricesReads } from '../real-estate.reads.ts';

export function pricesRoute(service: RealEstateService): ApiRoute {
  return defineRoute({
    path: '/real-estate/:country/provinces/:provinceId/prices',
    operationId: 'realEstateProvincePrices',
    summary: 'Monthly average asking price per m² of a province',
    description: 'The latest `months` published months, oldest first, with month-on-month and year-on-year changes.',
    feature: 'realestate_data',
    weight: 2,
    params: ProvinceParamsSchema,
    query: PricesQuerySchema,
    data: PriceSeriesSchema,
    notFound: true,
    reads: provincePricesReads,
    handler: async ({ params, query }) => ({ data: await service.getPrices({ ...params, ...query }) }),
  });
}
