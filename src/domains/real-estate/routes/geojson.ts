import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { RealEstateService } from '../real-estate.service.ts';
import { CountryParamsSchema, GeoJsonQuerySchema, GeoJsonSchema } from '../real-estate.schemas.ts';
import { geojsonReads } from '../real-estate.reads.ts';

export function geoJsonRoute(service: RealEstateService): ApiRoute {
  return defineRoute({
    path: '/real-estate/:country/geojson',
    operationId: 'realEstateGeoJson',
    summary: 'Ward polygons with the latest land-price table summary',
    description:
      'Every ward of the country, or of `provinceId`, with its outline ([lon, lat] rings) and the averages of the latest ' +
      'year’s land-price table. An unknown country or province is a 404.',
    feature: 'realestate_data',
    weight: 2,
    params: CountryParamsSchema,
    query: GeoJsonQuerySchema,
    data: GeoJsonSchema,
    notFound: true,
    reads: geojsonReads,
    handler: async ({ params, query }) => ({ data: await service.getGeoJson({ country: params.country, provinceId: query.provinceId }) }),
  });
}
