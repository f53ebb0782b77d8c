import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { checkedEquityCode } from '../equity-request.ts';
import { EquitiesMetaSchema, EquityParamsSchema, RelatedStocksSchema, RelatedQuerySchema } from '../equities.schemas.ts';
import type { EquitiesService } from '../equities.service.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';
import { relatedStocksReads } from '../equities.reads.ts';

export function relatedStocksRoute(service: EquitiesService): ApiRoute {
  return defineRoute({
    path: '/market/:market/equities/:code/related-stocks',
    operationId: 'getRelatedEquities',
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
    reads: relatedStocksReads,
    handler: ({ params, query, now }) => {
      const code = checkedEquityCode(params);
      return withEquitiesMeta(now, () => service.getRelatedStocks({ code, limit: query.limit }));
    },
  });
}
