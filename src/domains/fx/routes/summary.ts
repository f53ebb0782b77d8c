import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { FxSummarySchema } from '../fx.schemas.ts';
import type { FxService } from '../fx.service.ts';

export function registerFxSummary(app: FastifyInstance, ctx: AppContext, service: FxService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/fx/summary',
    operationId: 'fxSummary',
    tag: 'FX',
    summary: 'Dollar index, USD/JPY and the EM stress level at a glance',
    feature: 'fx_data',
    weight: 3,
    data: FxSummarySchema,
    handler: async () => ({ data: await service.getSummary() }),
  });
}
