import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { GdpGrowthRateQuerySchema, GdpGrowthRateSchema, VintageMetaSchema } from '../economy.schemas.ts';

export function registerGdpGrowthRate(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/gdp-growth-rate',
    operationId: 'macroGdpGrowthRate',
    tag: 'Macro',
    summary: "A country's quarterly GDP with growth rates",
    feature: 'macro_data',
    weight: 2,
    query: GdpGrowthRateQuerySchema,
    data: GdpGrowthRateSchema,
    meta: VintageMetaSchema,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getGdp({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
