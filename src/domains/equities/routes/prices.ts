import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { checkedEquityCode } from '../equity-request.ts';
import { EquitiesMetaSchema, EquityParamsSchema, EquityPricesSchema, PricesQuerySchema } from '../equities.schemas.ts';
import type { EquitiesService } from '../equities.service.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';
import { equityPricesReads } from '../equities.reads.ts';

export function pricesRoute(service: EquitiesService): ApiRoute {
  return defineRoute({
    path: '/market/:market/equities/:code/prices',
    operationId: 'getEquityPrices',
    summary: 'Daily prices, raw and split-adjusted to the latest share base, oldest to newest',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 2,
    params: EquityParamsSchema,
    query: PricesQuerySchema,
    data: EquityPricesSchema,
    meta: EquitiesMetaSchema,
    notFound: true,
    maxAge: secondsUntilNextDataChange,
    reads: equityPricesReads,
    handler: ({ params, query, now }) => {
      const code = checkedEquityCode(params);
      return withEquitiesMeta(now, () => service.getPrices({ code, range: query.range }));
    },
  });
}
