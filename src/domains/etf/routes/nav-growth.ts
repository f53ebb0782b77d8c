import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { FundCodeParamsSchema, NavGrowthComparisonSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfNavGrowthReads } from '../etf.reads.ts';

export function etfNavGrowthRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/nav-growth/:code',
    operationId: 'etfNavGrowth',
    summary: 'NAV growth of one fund against the VN-Index, rebased to 0 % per window',
    params: FundCodeParamsSchema,
    data: NavGrowthComparisonSchema,
    notFound: true,
    reads: etfNavGrowthReads,
    handler: async ({ params }) => ({ data: await service.getNavGrowth({ code: params.code }) }),
    feature: 'etf_data',
    weight: 8,
  });
}
