import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { ExchangeRateQuerySchema, ExchangeRateSchema, VintageMetaSchema } from '../economy.schemas.ts';

export function registerExchangeRate(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/exchange-rate',
    operationId: 'macroExchangeRate',
    tag: 'Macro',
    summary: 'Daily closes of a currency pair',
    feature: 'macro_data',
    weight: 2,
    query: ExchangeRateQuerySchema,
    data: ExchangeRateSchema,
    meta: VintageMetaSchema,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.markets.getExchangeRate({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
