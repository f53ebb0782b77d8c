import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertEquityCode, assertSupportedMarket } from '../equity-request.ts';
import { DEFAULT_PRICE_RANGE, EquitiesMetaSchema, EquityParamsSchema, EquityPricesSchema, PricesQuerySchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';

export function registerPricesRoute(app: FastifyInstance, { clock, service }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities/:code/prices',
    operationId: 'getEquityPrices',
    tag: 'Equities',
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
    handler: ({ params, query, now }) => {
      assertSupportedMarket(params.market);
      assertEquityCode(params.code);
      const range = query.range ?? DEFAULT_PRICE_RANGE;
      return withEquitiesMeta(now, () => service.getPrices({ code: params.code, range }));
    },
  });
}
