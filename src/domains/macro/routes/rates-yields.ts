import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { RatesYieldsQuerySchema, RatesYieldsSchema, VintageMetaSchema } from '../economy.schemas.ts';
import { ratesYieldsReads } from '../macro.reads.ts';

export function ratesYieldsRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/monetary-policy/rates-yields',
    operationId: 'macroRatesYields',
    summary: 'Monthly 10-year government bond yield and overnight call rate',
    feature: 'macro_data',
    weight: 2,
    query: RatesYieldsQuerySchema,
    data: RatesYieldsSchema,
    meta: VintageMetaSchema,
    reads: ratesYieldsReads,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getRatesYields({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
