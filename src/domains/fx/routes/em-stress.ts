import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { FxEmStressSchema } from '../fx.schemas.ts';
import type { FxService } from '../fx.service.ts';
import { fxEmStressReads } from '../fx.reads.ts';

export function fxEmStressRoute(service: FxService): ApiRoute {
  return defineRoute({
    path: '/fx/em-stress',
    operationId: 'fxEmStress',
    summary: 'Emerging-market currency stress: volatility and price z-scores per pair',
    description: 'Method: docs/adr/0010-fx-em-stress.md.',
    feature: 'fx_data',
    weight: 6,
    data: FxEmStressSchema,
    reads: fxEmStressReads,
    handler: async () => ({ data: await service.getEmStress() }),
  });
}
