import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { EconomicDataQuerySchema, EconomicDataSchema, VintageMetaSchema } from '../economy.schemas.ts';

export function registerEconomicData(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/economic-data',
    operationId: 'macroEconomicData',
    tag: 'Macro',
    summary: 'Economic data series: GDP, CPI, PCE or imports and exports',
    feature: 'macro_data',
    weight: 2,
    query: EconomicDataQuerySchema,
    data: EconomicDataSchema,
    meta: VintageMetaSchema,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getEconomicData({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
