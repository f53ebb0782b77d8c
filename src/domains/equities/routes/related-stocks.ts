import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertEquityCode, assertSupportedMarket } from '../equity-request.ts';
import { DEFAULT_RELATED_LIMIT, EquitiesMetaSchema, EquityParamsSchema, RelatedStocksSchema, RelatedQuerySchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';

export function registerRelatedStocksRoute(app: FastifyInstance, { clock, service }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities/:code/related-stocks',
    operationId: 'getRelatedEquities',
    tag: 'Equities',
    summary: 'Peers in the same 33-sector by market cap, filled from the same market segment',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
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
      return withEquitiesMeta(now, () => service.getRelatedStocks({ code: params.code, limit }));
    },
  });
}
