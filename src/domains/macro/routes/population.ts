import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { PopulationQuerySchema, PopulationSchema, VintageMetaSchema } from '../economy.schemas.ts';

export function registerPopulation(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/population',
    operationId: 'macroPopulation',
    tag: 'Macro',
    summary: 'Monthly population and unemployment rate',
    feature: 'macro_data',
    weight: 2,
    query: PopulationQuerySchema,
    data: PopulationSchema,
    meta: VintageMetaSchema,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getPopulation({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
