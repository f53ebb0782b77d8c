import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { EtfTopPerformanceSchema, TopPerformanceQuerySchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfTopPerformanceRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/top-performance',
    operationId: 'etfTopPerformance',
    summary: 'Funds ranked by NAV change over the period, best to worst',
    query: TopPerformanceQuerySchema,
    data: EtfTopPerformanceSchema,
    handler: async ({ query }) => ({ data: await service.getTopPerformance({ period: query.period ?? '1M' }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}
