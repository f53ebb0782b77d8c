import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertSupportedMarket } from '../equity-request.ts';
import { DEFAULT_LIST_LIMIT, EquitiesListMetaSchema, EquitiesListQuerySchema, EquitiesListSchema, MarketParamsSchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';

export function registerListRoute(app: FastifyInstance, { clock, service }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities',
    operationId: 'listEquities',
    tag: 'Equities',
    summary: 'Listed equities: search by ticker, code or name; filter by 33-sector and segment',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 2,
    params: MarketParamsSchema,
    query: EquitiesListQuerySchema,
    data: EquitiesListSchema,
    meta: EquitiesListMetaSchema,
    maxAge: secondsUntilNextDataChange,
    handler: ({ params, query, now }) => {
      assertSupportedMarket(params.market);
      const input = { ...query, limit: query.limit ?? DEFAULT_LIST_LIMIT };
      return withEquitiesMeta(now, async () => {
        const answer = await service.listEquities(input);
        return { data: answer.data, facts: answer.facts, extraMeta: { nextCursor: answer.nextCursor } };
      });
    },
  });
}
