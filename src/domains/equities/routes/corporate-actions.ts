import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { checkedEquityCode } from '../equity-request.ts';
import { EquitiesMetaSchema, EquityParamsSchema, CorporateActionsSchema } from '../equities.schemas.ts';
import type { EquitiesService } from '../equities.service.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';
import { corporateActionsReads } from '../equities.reads.ts';

export function corporateActionsRoute(service: EquitiesService): ApiRoute {
  return defineRoute({
    path: '/market/:market/equities/:code/corporate-actions',
    operationId: 'getEquityCorporateActions',
    summary: 'Splits and reverse splits behind the adjusted figures',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 1,
    params: EquityParamsSchema,
    data: CorporateActionsSchema,
    meta: EquitiesMetaSchema,
    notFound: true,
    maxAge: secondsUntilNextDataChange,
    reads: corporateActionsReads,
    handler: ({ params, now }) => {
      const code = checkedEquityCode(params);
      return withEquitiesMeta(now, () => service.getCorporateActions({ code }));
    },
  });
}
