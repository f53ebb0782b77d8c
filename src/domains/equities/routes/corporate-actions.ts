import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertEquityCode, assertSupportedMarket } from '../equity-request.ts';
import { EquitiesMetaSchema, EquityParamsSchema, CorporateActionsSchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';

export function registerCorporateActionsRoute(app: FastifyInstance, { clock, service }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities/:code/corporate-actions',
    operationId: 'getEquityCorporateActions',
    tag: 'Equities',
    summary: 'Splits and reverse splits behind the adjusted figures',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 1,
    params: EquityParamsSchema,
    data: CorporateActionsSchema,
    meta: EquitiesMetaSchema,
    notFound: true,
    maxAge: secondsUntilNextDataChange,
    handler: ({ params, now }) => {
      assertSupportedMarket(params.market);
      assertEquityCode(params.code);
      return withEquitiesMeta(now, () => service.getCorporateActions({ code: params.code }));
    },
  });
}
