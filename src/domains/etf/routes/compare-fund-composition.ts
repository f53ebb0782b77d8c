import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { CompareCompositionQuerySchema, FundCompositionListSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfCompareFundCompositionRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/compare/fund-composition',
    operationId: 'etfCompareFundComposition',
    summary: 'Asset, holding and sector composition of 2 to 5 funds',
    query: CompareCompositionQuerySchema,
    data: FundCompositionListSchema,
    handler: async ({ query }) => ({ data: await service.compareFundComposition({ codes: query.codes }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}
