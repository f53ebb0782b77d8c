import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { checkedEquityCode } from '../equity-request.ts';
import { EquitiesMetaSchema, EquityParamsSchema, EquityProfileSchema } from '../equities.schemas.ts';
import type { EquitiesService } from '../equities.service.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';
import { equityProfileReads } from '../equities.reads.ts';

export function profileRoute(service: EquitiesService): ApiRoute {
  return defineRoute({
    path: '/market/:market/equities/:code',
    operationId: 'getEquityProfile',
    summary: 'One listed equity: classification, shares outstanding, latest close and market cap',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 1,
    params: EquityParamsSchema,
    data: EquityProfileSchema,
    meta: EquitiesMetaSchema,
    notFound: true,
    maxAge: secondsUntilNextDataChange,
    reads: equityProfileReads,
    handler: ({ params, now }) => {
      const code = checkedEquityCode(params);
      return withEquitiesMeta(now, () => service.getProfile({ code }));
    },
  });
}
