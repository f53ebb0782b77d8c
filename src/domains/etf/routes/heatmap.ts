import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { EtfHeatmapSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfHeatmapRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/heatmap',
    operationId: 'etfHeatmap',
    summary: 'Latest session of every listed fund: change, trading value and its share',
    data: EtfHeatmapSchema,
    handler: async () => ({ data: await service.getHeatmap() }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}
