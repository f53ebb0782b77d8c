import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { GdpGrowthRateQuerySchema, GdpGrowthRateSchema, VintageMetaSchema } from '../economy.schemas.ts';
import { gdpGrowthRateReads } from '../macro.reads.ts';

export function gdpGrowthRateRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/gdp-growth-rate',
    operationId: 'macroGdpGrowthRate',
    summary: "A country's quarterly GDP with growth rates",
    feature: 'macro_data',
    weight: 2,
    query: GdpGrowthRateQuerySchema,
    data: GdpGrowthRateSchema,
    meta: VintageMetaSchema,
    reads: gdpGrowthRateReads,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getGdp({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
