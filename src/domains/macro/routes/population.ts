import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { PopulationQuerySchema, PopulationSchema, VintageMetaSchema } from '../economy.schemas.ts';
import { populationReads } from '../macro.reads.ts';

export function populationRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/population',
    operationId: 'macroPopulation',
    summary: 'Monthly population and unemployment rate',
    feature: 'macro_data',
    weight: 2,
    query: PopulationQuerySchema,
    data: PopulationSchema,
    meta: VintageMetaSchema,
    reads: populationReads,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getPopulation({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
