import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { FundCodeParamsSchema, NavGrowthComparisonSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfNavGrowthRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/nav-growth/:code',
    operationId: 'etfNavGrowth',
    summary: 'NAV growth of one fund against the VN-Index, rebased to 0 % per window',
    params: FundCodeParamsSchema,
    data: NavGrowthComparisonSchema,
    notFound: true,
    handler: async ({ params }) => ({ data: await service.getNavGrowth({ code: params.code }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}
