import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { FxEmStressSchema } from '../fx.schemas.ts';
import type { FxService } from '../fx.service.ts';

export function registerFxEmStress(app: FastifyInstance, ctx: AppContext, service: FxService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/fx/em-stress',
    operationId: 'fxEmStress',
    tag: 'FX',
    summary: 'Emerging-market currency stress: volatility and price z-scores per pair',
    description: 'Method: docs/adr/0010-fx-em-stress.md.',
    feature: 'fx_data',
    weight: 6,
    data: FxEmStressSchema,
    handler: async () => ({ data: await service.getEmStress() }),
  });
}
