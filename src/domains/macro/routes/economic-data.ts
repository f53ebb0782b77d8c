import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { EconomicDataQuerySchema, EconomicDataSchema, VintageMetaSchema } from '../economy.schemas.ts';
import { economicDataReads } from '../macro.reads.ts';

export function economicDataRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/economic-data',
    operationId: 'macroEconomicData',
    summary: 'Economic data series: GDP, CPI, PCE or imports and exports',
    feature: 'macro_data',
    weight: 2,
    query: EconomicDataQuerySchema,
    data: EconomicDataSchema,
    meta: VintageMetaSchema,
    reads: economicDataReads,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getEconomicData({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
