import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { FxCorrelationQuerySchema, FxCorrelationSchema } from '../fx.schemas.ts';
import type { FxService } from '../fx.service.ts';

export function registerFxCorrelation(app: FastifyInstance, ctx: AppContext, service: FxService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/fx/correlation',
    operationId: 'fxCorrelation',
    tag: 'FX',
    summary: 'Correlation matrix of daily returns over the last 90 days',
    feature: 'fx_data',
    weight: 6,
    query: FxCorrelationQuerySchema,
    data: FxCorrelationSchema,
    handler: async ({ query }) => ({ data: await service.getCorrelation({ assets: query.assets }) }),
  });
}
