import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { RealEstateService } from '../real-estate.service.ts';
import { CountryParamsSchema, ProvincesQuerySchema, ProvincesSchema } from '../real-estate.schemas.ts';
import { provincesReads } from '../real-estate.reads.ts';

export function provincesRoute(service: RealEstateService): ApiRoute {
  return defineRoute({
    path: '/real-estate/:country/provinces',
    operationId: 'realEstateProvinces',
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
    reads: provincesReads,
    handler: async ({ params, query }) => ({ data: await service.getProvinces({ country: params.country, lang: query.lang }) }),
  });
}
