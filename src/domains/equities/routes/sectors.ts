import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertSupportedMarket } from '../equity-request.ts';
import { EquitiesMetaSchema, MarketParamsSchema, SectorsSchema } from '../equities.schemas.ts';
import type { EquitiesService } from '../equities.service.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';
import { sectorsReads } from '../equities.reads.ts';

export function sectorsRoute(service: EquitiesService): ApiRoute {
  return defineRoute({
    path: '/market/:market/sectors',
    operationId: 'getEquitySectors',
    summary: "The 33 sectors with the latest session's market-cap weighted performance",
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 1,
    params: MarketParamsSchema,
    data: SectorsSchema,
    meta: EquitiesMetaSchema,
    maxAge: secondsUntilNextDataChange,
    reads: sectorsReads,
    handler: ({ params, now }) => {
      assertSupportedMarket(params.market);
      return withEquitiesMeta(now, () => service.getSectors());
    },
  });
}
