import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertSupportedMarket } from '../equity-request.ts';
import { EquitiesMetaSchema, MarketParamsSchema, SectorsSchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';

export function registerSectorsRoute(app: FastifyInstance, { clock, service }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/sectors',
    operationId: 'getEquitySectors',
    tag: 'Equities',
    summary: "The 33 sectors with the latest session's market-cap weighted performance",
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 1,
    params: MarketParamsSchema,
    data: SectorsSchema,
    meta: EquitiesMetaSchema,
    maxAge: secondsUntilNextDataChange,
    handler: ({ params, now }) => {
      assertSupportedMarket(params.market);
      return withEquitiesMeta(now, () => service.getSectors());
    },
  });
}
