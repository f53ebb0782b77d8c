import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { EtfTopPerformanceSchema, TopPerformanceQuerySchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfTopPerformanceReads } from '../etf.reads.ts';

export function etfTopPerformanceRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/top-performance',
    operationId: 'etfTopPerformance',
    summary: 'Funds ranked by NAV change over the period, best to worst',
    query: TopPerformanceQuerySchema,
    data: EtfTopPerformanceSchema,
    reads: etfTopPerformanceReads,
    handler: async ({ query }) => ({ data: await service.getTopPerformance({ period: query.period }) }),
    feature: 'etf_data',
    weight: 8,
  });
}
