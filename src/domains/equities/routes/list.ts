import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertSupportedMarket } from '../equity-request.ts';
import { EquitiesListMetaSchema, EquitiesListQuerySchema, EquitiesListSchema, MarketParamsSchema } from '../equities.schemas.ts';
import type { EquitiesService } from '../equities.service.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';
import { equitiesListReads } from '../equities.reads.ts';

export function listRoute(service: EquitiesService): ApiRoute {
  return defineRoute({
    path: '/market/:market/equities',
    operationId: 'listEquities',
    summary: 'Listed equities: search by ticker, code or name; filter by 33-sector and segment',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 2,
    params: MarketParamsSchema,
    query: EquitiesListQuerySchema,
    data: EquitiesListSchema,
    meta: EquitiesListMetaSchema,
    maxAge: secondsUntilNextDataChange,
    reads: equitiesListReads,
    handler: ({ params, query, now }) => {
      assertSupportedMarket(params.market);
      return withEquitiesMeta(now, async () => {
        const answer = await service.listEquities(query);
        return { data: answer.data, facts: answer.facts, extraMeta: { nextCursor: answer.nextCursor } };
      });
    },
  });
}
