import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { ExchangeRateQuerySchema, ExchangeRateSchema, VintageMetaSchema } from '../economy.schemas.ts';
import { exchangeRateReads } from '../macro.reads.ts';

export function exchangeRateRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/exchange-rate',
    operationId: 'macroExchangeRate',
    summary: 'Daily closes of a currency pair',
    feature: 'macro_data',
    weight: 2,
    query: ExchangeRateQuerySchema,
    data: ExchangeRateSchema,
    meta: VintageMetaSchema,
    reads: exchangeRateReads,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.markets.getExchangeRate({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
