import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { FxTableQuerySchema, FxTableSchema } from '../fx.schemas.ts';
import type { FxService } from '../fx.service.ts';

export function registerFxTable(app: FastifyInstance, ctx: AppContext, service: FxService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/fx/table',
    operationId: 'fxTable',
    tag: 'FX',
    summary: 'Latest rate, daily change, 10-day sparkline and 52-week range per pair',
    feature: 'fx_data',
    weight: 3,
    query: FxTableQuerySchema,
    data: FxTableSchema,
    handler: async ({ query }) => ({ data: await service.getTable({ pairs: query.pairs }) }),
  });
}
