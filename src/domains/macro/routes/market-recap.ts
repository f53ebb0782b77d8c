import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { MarketRecapQuerySchema, MarketRecapSchema, VintageMetaSchema } from '../economy.schemas.ts';

export function registerMarketRecap(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/market-recap',
    operationId: 'macroMarketRecap',
    tag: 'Macro',
    summary: 'Latest closes of Japanese market gauges, TIBOR 3M and yen rates',
    feature: 'macro_data',
    weight: 2,
    query: MarketRecapQuerySchema,
    data: MarketRecapSchema,
    meta: VintageMetaSchema,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.markets.getMarketRecap({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
