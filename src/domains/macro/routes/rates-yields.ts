import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { RatesYieldsQuerySchema, RatesYieldsSchema, VintageMetaSchema } from '../economy.schemas.ts';

export function registerRatesYields(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/monetary-policy/rates-yields',
    operationId: 'macroRatesYields',
    tag: 'Macro',
    summary: 'Monthly 10-year government bond yield and overnight call rate',
    feature: 'macro_data',
    weight: 2,
    query: RatesYieldsQuerySchema,
    data: RatesYieldsSchema,
    meta: VintageMetaSchema,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getRatesYields({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
