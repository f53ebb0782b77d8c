import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertEquityCode, assertSupportedMarket } from '../equity-request.ts';
import { DEFAULT_RELATED_LIMIT, EquitiesMetaSchema, EquityParamsSchema, RelatedStocksSchema, RelatedQuerySchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';

export function registerRelatedStocksRoute(app: FastifyInstance, { clock, service, responder }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities/:code/related-stocks',
    operationId: 'getRelatedEquities',
    tag: 'Equities',
    summary: 'Peers in the same 33-sector by market cap, filled from the same market segment',
    feature: 'market_data',
    // The equities responder keeps these answers, with their served_from_cache meta.
    cached: false,
    weight: 2,
    params: EquityParamsSchema,
    query: RelatedQuerySchema,
    data: RelatedStocksSchema,
    meta: EquitiesMetaSchema,
    notFound: true,
    maxAge: secondsUntilNextDataChange,
    handler: ({ params, query, now }) => {
      assertSupportedMarket(params.market);
      assertEquityCode(params.code);
      const limit = query.limit ?? DEFAULT_RELATED_LIMIT;
      return responder.serve(`getRelatedEquities:${params.code}:${limit}`, now, () => service.getRelatedStocks({ code: params.code, limit }));
    },
  });
}
