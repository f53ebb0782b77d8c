import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { FxCorrelationQuerySchema, FxCorrelationSchema } from '../fx.schemas.ts';
import type { FxService } from '../fx.service.ts';
import { fxCorrelationReads } from '../fx.reads.ts';

export function fxCorrelationRoute(service: FxService): ApiRoute {
  return defineRoute({
    path: '/fx/correlation',
    operationId: 'fxCorrelation',
    summary: 'Correlation matrix of daily returns over the last 90 days',
    feature: 'fx_data',
    weight: 6,
    query: FxCorrelationQuerySchema,
    data: FxCorrelationSchema,
    reads: fxCorrelationReads,
    handler: async ({ query }) => ({ data: await service.getCorrelation({ assets: query.assets }) }),
  });
}
