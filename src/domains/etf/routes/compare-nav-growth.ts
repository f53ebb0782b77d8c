import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CompareNavGrowthQuerySchema, NavGrowthComparisonSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfCompareNavGrowthReads } from '../etf.reads.ts';

export function etfCompareNavGrowthRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/compare/nav-growth',
    operationId: 'etfCompareNavGrowth',
    summary: 'NAV growth of two funds and the VN-Index, rebased to 0 % per window',
    query: CompareNavGrowthQuerySchema,
    data: NavGrowthComparisonSchema,
    reads: etfCompareNavGrowthReads,
    handler: async ({ query }) => ({ data: await service.compareNavGrowth({ code1: query.code1, code2: query.code2 }) }),
    feature: 'etf_data',
    weight: 8,
  });
}
