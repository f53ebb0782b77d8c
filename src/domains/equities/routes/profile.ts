import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertEquityCode, assertSupportedMarket } from '../equity-request.ts';
import { EquitiesMetaSchema, EquityParamsSchema, EquityProfileSchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';

export function registerProfileRoute(app: FastifyInstance, { clock, service }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities/:code',
    operationId: 'getEquityProfile',
    tag: 'Equities',
    summary: 'One listed equity: classification, shares outstanding, latest close and market cap',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 1,
    params: EquityParamsSchema,
    data: EquityProfileSchema,
    meta: EquitiesMetaSchema,
    notFound: true,
    maxAge: secondsUntilNextDataChange,
    handler: ({ params, now }) => {
      assertSupportedMarket(params.market);
      assertEquityCode(params.code);
      return withEquitiesMeta(now, () => service.getProfile({ code: params.code }));
    },
  });
}
