import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { FdiByRegionQuerySchema, FdiByRegionSchema } from '../fdi.schemas.ts';
import { fdiByRegionReads } from '../macro.reads.ts';

export function fdiByRegionRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/fdi/by-region',
    operationId: 'macroFdiByRegion',
    summary: 'Japan FDI by region (quarterly, millions of US dollars), point-in-time',
    feature: 'macro_data',
    weight: 2,
    query: FdiByRegionQuerySchema,
    data: FdiByRegionSchema,
    reads: fdiByRegionReads,
    handler: async ({ query, now }) => ({ data: await services.fdi.getFdiByRegion({ ...query, now }) }),
  });
}
