import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { RealEstateService } from '../real-estate.service.ts';
import { CountryParamsSchema, ProvincesQuerySchema, ProvincesSchema } from '../real-estate.schemas.ts';

export function registerProvincesRoute(app: FastifyInstance, ctx: AppContext, service: RealEstateService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/real-estate/:country/provinces',
    operationId: 'realEstateProvinces',
    tag: 'Real Estate',
    summary: 'Provinces of a country (jp, vn) or of all, with their bounding boxes',
    description:
      '`all` lists Japan’s then Vietnam’s provinces. `bbox` is [minLon, minLat, maxLon, maxLat] over the province’s ward ' +
      'polygons, leaving out offshore island units. A country other than jp, vn or all is a 404.',
    feature: 'realestate_data',
    weight: 2,
    params: CountryParamsSchema,
    query: ProvincesQuerySchema,
    data: ProvincesSchema,
    notFound: true,
    handler: async ({ params, query }) => ({ data: await service.getProvinces({ country: params.country, lang: query.lang }) }),
  });
}
