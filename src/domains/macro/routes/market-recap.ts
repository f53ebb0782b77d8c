import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { MarketRecapQuerySchema, MarketRecapSchema, VintageMetaSchema } from '../economy.schemas.ts';
import { marketRecapReads } from '../macro.reads.ts';

export function marketRecapRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/market-recap',
    operationId: 'macroMarketRecap',
    summary: 'Latest closes of Japanese market gauges, TIBOR 3M and yen rates',
    feature: 'macro_data',
    weight: 2,
    query: MarketRecapQuerySchema,
    data: MarketRecapSchema,
    meta: VintageMetaSchema,
    reads: marketRecapReads,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.markets.getMarketRecap({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
