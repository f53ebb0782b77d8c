import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { FxTableQuerySchema, FxTableSchema } from '../fx.schemas.ts';
import type { FxService } from '../fx.service.ts';
import { fxTableReads } from '../fx.reads.ts';

export function fxTableRoute(service: FxService): ApiRoute {
  return defineRoute({
    path: '/fx/table',
    operationId: 'fxTable',
    summary: 'Latest rate, daily change, 10-day sparkline and 52-week range per pair',
    feature: 'fx_data',
    weight: 3,
    query: FxTableQuerySchema,
    data: FxTableSchema,
    reads: fxTableReads,
    handler: async ({ query }) => ({ data: await service.getTable({ pairs: query.pairs }) }),
  });
}
