import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertEquityCode, assertSupportedMarket } from '../equity-request.ts';
import { EquitiesMetaSchema, EquityParamsSchema, CorporateActionsSchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';

export function registerCorporateActionsRoute(app: FastifyInstance, { clock, service, responder }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities/:code/corporate-actions',
    operationId: 'getEquityCorporateActions',
    tag: 'Equities',
    summary: 'Splits and reverse splits behind the adjusted figures',
    feature: 'market_data',
    // The equities responder keeps these answers, with their served_from_cache meta.
    cached: false,
    weight: 1,
    params: EquityParamsSchema,
    data: CorporateActionsSchema,
    meta: EquitiesMetaSchema,
    notFound: true,
    maxAge: secondsUntilNextDataChange,
    handler: ({ params, now }) => {
      assertSupportedMarket(params.market);
      assertEquityCode(params.code);
      return responder.serve(`getEquityCorporateActions:${params.code}`, now, () => service.getCorporateActions({ code: params.code }));
    },
  });
}
