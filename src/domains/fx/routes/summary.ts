import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { FxSummarySchema } from '../fx.schemas.ts';
import type { FxService } from '../fx.service.ts';
import { fxSummaryReads } from '../fx.reads.ts';

export function fxSummaryRoute(service: FxService): ApiRoute {
  return defineRoute({
    path: '/fx/summary',
    operationId: 'fxSummary',
    summary: 'Dollar index, USD/JPY and the EM stress level at a glance',
    feature: 'fx_data',
    weight: 3,
    data: FxSummarySchema,
    reads: fxSummaryReads,
    handler: async () => ({ data: await service.getSummary() }),
  });
}
